# SPDX-License-Identifier: GPL-2.0-only
# POWER9: the core and nest PMUs, their powerpc backend and their tests;
# included by the suite's Kbuild, so paths start at the suite's root.

ifneq ($(KBUILD_EXTMOD),)
ifdef CONFIG_PPC64
CONFIG_POWER9_PMU_CORE ?= m
ifdef CONFIG_PERF_EVENTS
CONFIG_POWER9_PMU ?= m
endif
ifdef CONFIG_KUNIT
CONFIG_POWER9_PMU_KUNIT_TEST ?= m
endif
endif
endif

p9 := drivers/perf/power9

obj-$(CONFIG_POWER9_PMU_CORE) += power9_pmu_core.o
power9_pmu_core-y := $(p9)/p9-core.o $(p9)/p9-catalogue.o $(p9)/p9-event.o \
		     $(p9)/p9-sched.o $(p9)/p9-mmcr.o $(p9)/p9-sample.o \
		     $(p9)/p9-bhrb.o $(p9)/p9-generic.o
power9_pmu_core-$(CONFIG_PERF_EVENTS) += $(p9)/p9-pmu.o $(p9)/p9-fields.o
power9_pmu_core-y += $(p9)/p9-nest.o $(p9)/p9-nest-catalogue.o
power9_pmu_core-$(CONFIG_PERF_EVENTS) += $(p9)/p9-nest-pmu.o

obj-$(CONFIG_POWER9_PMU) += power9_pmu.o
power9_pmu-y := arch/powerpc/perf/p9-spr.o

obj-$(CONFIG_POWER9_PMU_KUNIT_TEST) += power9_pmu_kunit.o
power9_pmu_kunit-y := $(p9)/tests/p9-event-kunit.o $(p9)/tests/p9-sched-kunit.o \
		      $(p9)/tests/p9-mmcr-kunit.o $(p9)/tests/p9-sample-kunit.o \
		      $(p9)/tests/p9-generic-kunit.o $(p9)/tests/p9-nest-kunit.o \
		      $(p9)/tests/p9-bhrb-kunit.o
obj-$(CONFIG_POWER9_PMU_MODEL_KUNIT) += power9_model_kunit.o
power9_model_kunit-y := $(p9)/tests/model/p9-model.o \
			$(p9)/tests/model/p9-pmu-kunit.o \
			$(p9)/tests/model/p9-sample-model-kunit.o \
			$(p9)/tests/model/p9-branch-model-kunit.o \
			$(p9)/tests/model/p9-ebb-model-kunit.o \
			$(p9)/tests/model/p9-nmi-model-kunit.o \
			$(p9)/tests/model/p9-oracle-kunit.o
obj-$(CONFIG_POWER9_NEST_MODEL_KUNIT) += power9_nest_model_kunit.o
power9_nest_model_kunit-y := $(p9)/tests/model/p9-nest-model.o \
			     $(p9)/tests/model/p9-nest-model-kunit.o

p9-tests := $(power9_pmu_kunit-y) $(power9_model_kunit-y) \
	    $(power9_nest_model_kunit-y)
$(call suite-tests,$(p9),$(p9-tests))
