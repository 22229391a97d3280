# SPDX-License-Identifier: GPL-2.0-only
# SPARC T4: the core and DRAM PMUs, their sparc64 backend and their tests;
# included by the suite's Kbuild, so paths start at the suite's root. The
# logic builds on any architecture (KUnit on UML and x86).

ifneq ($(KBUILD_EXTMOD),)
ifdef CONFIG_SPARC64
CONFIG_SPARC_T4_PMU_CORE ?= m
ifdef CONFIG_PERF_EVENTS
CONFIG_SPARC_T4_PMU ?= m
endif
ifdef CONFIG_KUNIT
CONFIG_SPARC_T4_PMU_KUNIT_TEST ?= m
endif
endif
endif

t4 := drivers/perf/sparc_t4

obj-$(CONFIG_SPARC_T4_PMU_CORE) += sparc_t4_pmu_core.o
sparc_t4_pmu_core-y := $(t4)/t4-core.o $(t4)/t4-catalogue.o $(t4)/t4-event.o \
		       $(t4)/t4-dram.o $(t4)/t4-generic.o
sparc_t4_pmu_core-$(CONFIG_PERF_EVENTS) += $(t4)/t4-pmu.o $(t4)/t4-dram-pmu.o \
				      $(t4)/t4-fields.o

obj-$(CONFIG_SPARC_T4_PMU) += sparc_t4_pmu.o
sparc_t4_pmu-y := arch/sparc/perf/t4-hv.o

obj-$(CONFIG_SPARC_T4_PMU_KUNIT_TEST) += sparc_t4_pmu_kunit.o
sparc_t4_pmu_kunit-y := $(t4)/tests/t4-logic-kunit.o
sparc_t4_pmu_kunit-$(CONFIG_SPARC64) += $(t4)/tests/t4-reserve-kunit.o
obj-$(CONFIG_SPARC_T4_PMU_MODEL_KUNIT) += sparc_t4_model_kunit.o
sparc_t4_model_kunit-y := $(t4)/tests/model/t4-model.o \
			  $(t4)/tests/model/t4-pmu-kunit.o \
			  $(t4)/tests/model/t4-sample-model-kunit.o \
			  $(t4)/tests/model/t4-nmi-model-kunit.o \
			  $(t4)/tests/model/t4-oracle-kunit.o \
			  $(t4)/tests/model/t4-dram-kunit.o \
			  $(t4)/tests/model/t4-core-model-kunit.o

t4-tests := $(sparc_t4_pmu_kunit-y) $(sparc_t4_model_kunit-y) \
	    $(t4)/tests/t4-reserve-kunit.o
$(call suite-tests,$(t4),$(t4-tests))
