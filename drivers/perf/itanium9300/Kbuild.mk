# SPDX-License-Identifier: GPL-2.0-only
# Itanium 9300: the core and uncore PMUs, their ia64 backends and their
# tests; included by the suite's Kbuild, so paths start at the suite's
# root. The logic builds on any architecture (KUnit on UML and x86).

ifneq ($(KBUILD_EXTMOD),)
ifdef CONFIG_IA64
CONFIG_ITANIUM9300_PMU_CORE ?= m
ifdef CONFIG_PERF_EVENTS
CONFIG_ITANIUM9300_PMU ?= m
CONFIG_ITANIUM9300_UNCORE ?= m
endif
ifdef CONFIG_KUNIT
CONFIG_ITANIUM9300_PMU_KUNIT_TEST ?= m
endif
endif
endif

ia := drivers/perf/itanium9300

obj-$(CONFIG_ITANIUM9300_PMU_CORE) += itanium9300_pmu_core.o
itanium9300_pmu_core-y := $(ia)/ia64-core.o $(ia)/ia64-catalogue.o \
			  $(ia)/ia64-event.o $(ia)/ia64-sched.o \
			  $(ia)/ia64-generic.o $(ia)/ia64-pmc.o \
			  $(ia)/ia64-sample.o $(ia)/ia64-uncore.o
itanium9300_pmu_core-$(CONFIG_PERF_EVENTS) += $(ia)/ia64-pmu.o \
						$(ia)/ia64-uncore-pmu.o \
						$(ia)/ia64-fields.o

obj-$(CONFIG_ITANIUM9300_PMU) += itanium9300_pmu.o
itanium9300_pmu-y := arch/ia64/perf/ia64-hw.o
obj-$(CONFIG_ITANIUM9300_UNCORE) += itanium9300_uncore.o
itanium9300_uncore-y := arch/ia64/perf/ia64-uncore-hw.o

obj-$(CONFIG_ITANIUM9300_PMU_KUNIT_TEST) += itanium9300_pmu_kunit.o
itanium9300_pmu_kunit-y := $(ia)/tests/ia64-logic-kunit.o \
			   $(ia)/tests/ia64-sched-kunit.o \
			   $(ia)/tests/ia64-uncore-kunit.o
obj-$(CONFIG_ITANIUM9300_PMU_MODEL_KUNIT) += itanium9300_model_kunit.o
itanium9300_model_kunit-y := $(ia)/tests/model/ia64-model.o \
			     $(ia)/tests/model/ia64-pmu-kunit.o \
			     $(ia)/tests/model/ia64-sample-model-kunit.o \
			     $(ia)/tests/model/ia64-branch-model-kunit.o \
			     $(ia)/tests/model/ia64-range-model-kunit.o \
			     $(ia)/tests/model/ia64-oracle-kunit.o
obj-$(CONFIG_ITANIUM9300_UNCORE_MODEL_KUNIT) += itanium9300_uncore_model_kunit.o
itanium9300_uncore_model_kunit-y := $(ia)/tests/model/ia64-uncore-model.o \
				    $(ia)/tests/model/ia64-uncore-model-kunit.o

ia-tests := $(itanium9300_pmu_kunit-y) $(itanium9300_model_kunit-y) \
	    $(itanium9300_uncore_model_kunit-y)
$(call suite-tests,$(ia),$(ia-tests))
