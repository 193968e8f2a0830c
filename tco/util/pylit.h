/* pylit.h - a strict reader of the Python literals that price lists carry as
 * text (SkyPilot's GpuInfo column:
 *   {'Gpus': [{'Name': 'H100', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}],
 *    'TotalGpuMemoryInMiB': 655360}).
 * The text is read as data and never evaluated: dicts ({k: v, ...}), lists
 * ([v, ...]), strings in single or double quotes (the escapes \\, \' and \"
 * only), decimal numbers, True, False and None, nested at most
 * TCI_PYLIT_MAX_DEPTH deep, with spaces between tokens; anything else makes the
 * whole text invalid. */
#ifndef TCO_UTIL_PYLIT_H
#define TCO_UTIL_PYLIT_H

#define TCI_PYLIT_MAX_DEPTH 16

/* Look in the literal s for the first dict that is the value of key `outer`
 * and has a key `inner` whose value is a number (depth-first, in the text's
 * order): 1 with that number in *value; 0 when s is a valid literal without
 * one; -1 when s is not a valid literal (or nests deeper than the limit). */
int tci_pylit_find_number(const char *s, const char *outer, const char *inner, double *value);

#endif /* TCO_UTIL_PYLIT_H */
