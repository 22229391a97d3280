# SPDX-License-Identifier: GPL-2.0-only
# The frameworks the drivers share, and their tests; included by the
# suite's Kbuild, so paths start at the suite's root.

pc := drivers/perf/common

# One module, loaded before any driver.
obj-$(CONFIG_PMU_SUITE_FRAMEWORK) += pmu_suite.o
pmu_suite-y := $(pc)/pmu-suite.o $(pc)/core-pmu.o $(pc)/uncore-pmu.o \
	       $(pc)/events.o

obj-$(CONFIG_PMU_SUITE_COMMON_KUNIT) += pmu_common_kunit.o
pmu_common_kunit-y := $(pc)/tests/pmu_common_kunit.o

# The frameworks on the real perf core, with stand-in drivers.
obj-$(CONFIG_PMU_SUITE_HARNESS_KUNIT) += harness_perf_kunit.o
harness_perf_kunit-y := $(pc)/tests/harness_perf_kunit.o \
			$(pc)/tests/package_kunit.o $(pc)/tests/uncore_kunit.o

pc-tests := $(pmu_common_kunit-y) $(harness_perf_kunit-y)
$(call suite-tests,$(pc),$(pc-tests))
