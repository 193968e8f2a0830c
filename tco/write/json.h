/* json.h - JSON text for the library's writers. */
#ifndef TCO_WRITE_JSON_H
#define TCO_WRITE_JSON_H

#include "tco.h"

#include <stdio.h>

/* JSON: a string, fully escaped (NULL is null), and a number as the shortest
 * text that reads back to it (tco_format_double; NAN is null). */
void tci_json_string(FILE *out, const char *s);
void tci_json_number(FILE *out, double x);
/* A member after the first of an object: `, "name": ` and the value, written
 * as above. */
void tci_json_text_member(FILE *out, const char *name, const char *s);
void tci_json_number_member(FILE *out, const char *name, double x);

/* The JSON's `statements` member, after `fiscal_years`: `,\n  "statements":
 * [...]`, one object per option and fiscal year (MODEL.md, Statements by
 * fiscal year). */
tco_status tci_json_put_statements(FILE *out, const tco_result *res);

#endif /* TCO_WRITE_JSON_H */
