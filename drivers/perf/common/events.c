// SPDX-License-Identifier: GPL-2.0-only
/*
 * events/ groups (include/pmu-suite/events.h): room for a PMU's events is
 * allocated at registration, the driver adds its files, and every file
 * prints its event through the group's show function from an id the
 * driver chose.
 */
#include <linux/bitops.h>
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <pmu-suite/events.h>
#include <pmu-suite/format.h>
#include <pmu-suite/generic.h>

#include "internal.h"

/**
 * pmu_events_free() - free what pmu_events_alloc() allocated
 * @e: the group
 */
void pmu_events_free(struct pmu_events *e)
{
	kfree(e->attrs);
	kfree(e->list);
	e->attrs = NULL;
	e->list = NULL;
	e->n = 0;
	e->max = 0;
}

/**
 * pmu_events_alloc() - room for @max events/ files
 * @e: the group
 * @max: most files
 * @show: the show function of every file
 *
 * Return: 0 or -ENOMEM.
 */
int pmu_events_alloc(struct pmu_events *e, unsigned int max,
		     ssize_t (*show)(struct device *dev,
				     struct device_attribute *attr, char *page))
{
	e->attrs = kcalloc(max, sizeof(*e->attrs), GFP_KERNEL);
	e->list = kcalloc(max + 1, sizeof(*e->list), GFP_KERNEL);
	if (!e->attrs || !e->list) {
		pmu_events_free(e);
		return -ENOMEM;
	}
	e->n = 0;
	e->max = max;
	e->show = show;
	e->group.name = "events";
	e->group.attrs = e->list;
	return 0;
}

/**
 * pmu_events_add() - add events/@name, printed from @id
 * @e: the group
 * @name: the file name; it must outlive the group
 * @id: what identifies the event to the group's show function
 *
 * Return: false when the group is full.
 */
bool pmu_events_add(struct pmu_events *e, const char *name, u64 id)
{
	struct perf_pmu_events_attr *pa;

	if (e->n == e->max)
		return false;
	pa = &e->attrs[e->n];
	sysfs_attr_init(&pa->attr.attr);
	pa->attr.attr.name = name;
	pa->attr.attr.mode = 0444;
	pa->attr.show = e->show;
	pa->id = id;
	e->list[e->n++] = &pa->attr.attr;
	return true;
}
EXPORT_SYMBOL_GPL(pmu_events_add);

/**
 * pmu_events_has() - whether the group has a file named @name
 * @e: the group
 * @name: a name
 */
bool pmu_events_has(const struct pmu_events *e, const char *name)
{
	unsigned int i;

	for (i = 0; i < e->n; i++)
		if (!strcmp(e->attrs[i].attr.attr.name, name))
			return true;
	return false;
}
EXPORT_SYMBOL_GPL(pmu_events_has);

/**
 * pmu_events_add_catalogue() - add the events of a catalogue table
 * @e: the group
 * @c: the table
 *
 * Each entry with an alias gets a file of that name, with its config as
 * id. The generators give the entries of a table unique aliases.
 */
void pmu_events_add_catalogue(struct pmu_events *e,
			      const struct pmu_catalogue *c)
{
	const struct pmu_catalogue_entry *ent;
	unsigned int i;

	for (i = 0; i < c->count; i++) {
		ent = (const void *)c->base + i * c->stride;
		if (ent->alias)
			pmu_events_add(e, ent->alias, ent->config);
	}
}
EXPORT_SYMBOL_GPL(pmu_events_add_catalogue);

/**
 * pmu_events_add_generic() - add perf's names of the generic events
 * @e: the group
 * @t: the PMU's generic events
 *
 * Each generic event the PMU counts gets a file under perf's name, with
 * its raw config as id, unless a file of that name exists.
 */
void pmu_events_add_generic(struct pmu_events *e,
			    const struct pmu_generic_table *t)
{
	unsigned int i;
	u64 raw;

	for (i = 0; i < t->n; i++) {
		const struct pmu_generic_event *g = t->entries + i * t->size;

		if (t->raw_of(g, &raw) && !pmu_events_has(e, g->alias))
			pmu_events_add(e, g->alias, raw);
	}
}
EXPORT_SYMBOL_GPL(pmu_events_add_generic);

/**
 * pmu_format_show() - print a PMU_FORMAT_FIELD() file: "config1:0-43"
 * @dev: the PMU's device
 * @attr: the file
 * @page: the buffer
 */
ssize_t pmu_format_show(struct device *dev, struct device_attribute *attr,
			char *page)
{
	static const char * const words[] = { "config", "config1", "config2" };
	const struct pmu_field *f = pmu_format_field(&attr->attr);
	unsigned int lo = __ffs64(f->bits), hi = fls64(f->bits) - 1;

	if (f->word >= ARRAY_SIZE(words))
		return -EINVAL;
	if (lo == hi)
		return sysfs_emit(page, "%s:%u\n", words[f->word], lo);
	return sysfs_emit(page, "%s:%u-%u\n", words[f->word], lo, hi);
}
EXPORT_SYMBOL_GPL(pmu_format_show);

static int pmu_format_digits(u64 bits)
{
	return DIV_ROUND_UP(hweight64(bits), 4);
}

/* The field of @format printed as @print (PMU_FIELD_EVENT, _UMASK). */
static const struct pmu_field *pmu_format_find(struct attribute **format,
					       u8 print)
{
	for (; *format; format++)
		if (pmu_format_field(*format)->print == print)
			return pmu_format_field(*format);
	return NULL;
}

/**
 * pmu_format_print() - an events/ file's text for @config
 * @format: the PMU's format/ list, of PMU_FORMAT_FIELD()s
 * @config: the event's config
 * @page: the buffer, a page
 *
 * "event=0x.." and ",umask=0x.." zero-padded to their fields' widths,
 * then ",name=0x.." for each PMU_FIELD_ALIAS field @config sets.
 *
 * Return: the length.
 */
int pmu_format_print(struct attribute **format, u64 config, char *page)
{
	const struct pmu_field *ev = pmu_format_find(format, PMU_FIELD_EVENT);
	const struct pmu_field *um = pmu_format_find(format, PMU_FIELD_UMASK);
	const struct pmu_field *f;
	int len = 0;

	if (ev)
		len = sysfs_emit(page, "event=0x%0*llx",
				 pmu_format_digits(ev->bits),
				 pmu_field_get(ev, config));
	if (um)
		len += sysfs_emit_at(page, len, ",umask=0x%0*llx",
				     pmu_format_digits(um->bits),
				     pmu_field_get(um, config));
	for (; *format; format++) {
		f = pmu_format_field(*format);
		if (f->print == PMU_FIELD_ALIAS && (config & f->bits))
			len += sysfs_emit_at(page, len, ",%s=0x%llx",
					     (*format)->name,
					     pmu_field_get(f, config));
	}
	return len + sysfs_emit_at(page, len, "\n");
}
EXPORT_SYMBOL_GPL(pmu_format_print);
