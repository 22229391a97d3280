/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * format/ files made from the fields' masks.
 *
 * Each PMU's fields are described once, in tools/pmu-events/<pmu>/
 * fields.json; its generator writes them as GENMASK_ULL()s, which decode
 * reads, and as PMU_FORMAT_FIELD() lists, from which format/ prints each
 * field's bits and events/ prints an event's values (as arm-cmn's one
 * mask per field drives both).
 */
#ifndef _PMU_SUITE_FORMAT_H
#define _PMU_SUITE_FORMAT_H

#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/sysfs.h>
#include <linux/types.h>

/*
 * What an events/ file prints of a field (struct pmu_field.print):
 * PMU_FIELD_EVENT: "event=0x..." first, zero-padded to the field's width
 * PMU_FIELD_UMASK: ",umask=0x..." after it, likewise
 * PMU_FIELD_ALIAS: ",<name>=0x..." when the event sets the field
 * 0: nothing, the field is for the user to set
 */
#define PMU_FIELD_EVENT		1
#define PMU_FIELD_UMASK		2
#define PMU_FIELD_ALIAS		3

/**
 * struct pmu_field - a field of perf_event_attr's config words
 * @word: 0 for config, 1 for config1, 2 for config2
 * @print: PMU_FIELD_* or 0
 * @bits: its bits, contiguous
 */
struct pmu_field {
	u8 word;
	u8 print;
	u64 bits;
};

/**
 * struct pmu_format_attr - a format/ file
 * @attr: the file; its name is the field's
 * @field: the field
 */
struct pmu_format_attr {
	struct device_attribute attr;
	struct pmu_field field;
};

ssize_t pmu_format_show(struct device *dev, struct device_attribute *attr,
			char *page);

/*
 * PMU_FORMAT_FIELD() - a format/ file in a NULL-terminated attribute list
 * (the perf core's PMU_EVENT_ATTR_ID() pattern: a static compound literal)
 * @_name: the field's name
 * @_word: 0, 1 or 2: config, config1 or config2
 * @_bits: its mask
 * @_print: PMU_FIELD_* or 0
 */
#define PMU_FORMAT_FIELD(_name, _word, _bits, _print)			\
	(&((struct pmu_format_attr[]) {					\
		{ .attr = __ATTR(_name, 0444, pmu_format_show, NULL),	\
		  .field = { .word = _word, .print = _print,		\
			     .bits = _bits } }				\
	})[0].attr.attr)

/**
 * pmu_format_field() - the field of a PMU_FORMAT_FIELD() attribute
 * @attr: the attribute
 */
static inline const struct pmu_field *pmu_format_field(struct attribute *attr)
{
	return &container_of(attr, struct pmu_format_attr, attr.attr)->field;
}

/**
 * pmu_field_get() - a field's value in a config word
 * @f: the field
 * @config: the word
 */
static inline u64 pmu_field_get(const struct pmu_field *f, u64 config)
{
	return (config & f->bits) >> __ffs64(f->bits);
}

int pmu_format_print(struct attribute **format, u64 config, char *page);

#endif /* _PMU_SUITE_FORMAT_H */
