/* xmlsafe.h - secure XML for the catalog and template loaders. */
#ifndef TCO_LOAD_XMLSAFE_H
#define TCO_LOAD_XMLSAFE_H

#include "tco.h"

#include <stddef.h>

struct _xmlDoc;
struct _xmlNode;

/* One secure load of an XML document: no network, no DTD (a DOCTYPE is
 * refused), no entities, bounded depth and attributes per tag, validated
 * against a schema compiled into the library. Use:
 *   tci_xml x = {.file = name, .kind = "template", .xsd = ..., ...};
 *   tci_xml_begin(&x);
 *   if (tci_xml_parse(&x, buf, size) == 0) read x.doc, tci_xml_report() problems;
 *   tco_status st = tci_xml_status(&x);
 *   tci_xml_end(&x);
 * Between begin and end libxml2's process-wide hooks (external entity
 * loader, error handlers) belong to the load; end restores them. */
typedef struct tci_xml {
    /* Set by the caller. */
    const char *file;         /* name in messages */
    const char *kind;         /* "catalog", "template": in messages */
    const unsigned char *xsd; /* the schema's text; NULL: parsed, not validated */
    size_t xsd_len;
    const char *xsd_name; /* name of the schema in its own errors */
    int max_depth;        /* deepest element nesting accepted */
    int max_attributes;   /* most attributes accepted in one tag */
    tco_diags *diags;     /* may be NULL */
    /* Results. */
    struct _xmlDoc *doc; /* the valid document after tci_xml_parse, else NULL */
    size_t errors;       /* errors reported by any step or by the reader */
    int nomem;           /* an allocation failed */
    int refused;         /* refused by a limit or the DOCTYPE rule */
    tco_status refusal;  /* status for that refusal */
    /* Private. */
    const char *err_file; /* file name for libxml2 messages: file, or xsd_name */
    int depth;            /* element nesting while parsing */
    void (*saved_loader)(void), (*saved_serror)(void), (*saved_gerror)(void);
    void *saved_sctx, *saved_gctx;
} tci_xml;

void tci_xml_begin(tci_xml *x);
/* Scan, parse and validate. Returns 0 when x->doc holds a valid document. */
int tci_xml_parse(tci_xml *x, const char *xml, size_t size);
/* TCO_ERR_NOMEM (with an "out of memory" diagnostic), the refusal, TCO_ERR_INPUT
 * when any error was reported, else TCO_OK. */
tco_status tci_xml_status(tci_xml *x);
/* Free the document and restore libxml2's hooks. */
void tci_xml_end(tci_xml *x);
/* An error at `line` of the file (0: no line). */
void tci_xml_report(tci_xml *x, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Line of an element (or of an attribute's element), 0 when unknown. */
int tci_xml_line(const struct _xmlNode *node);
/* The text of an element or the value of its attribute `attr`, white space
 * collapsed as xs:token does; NULL when absent or out of memory (x->nomem). */
char *tci_xml_text(tci_xml *x, struct _xmlNode *el, const char *attr);
/* The same text as `copy` makes it: a malloc'd string made from the text as
 * written (strdup keeps it as it is), or NULL when out of memory. */
char *tci_xml_text_as(tci_xml *x, struct _xmlNode *el, const char *attr,
                      char *(*copy)(const char *));
/* 1 when n is an element named `name`. */
int tci_xml_named(const struct _xmlNode *n, const char *name);

#endif /* TCO_LOAD_XMLSAFE_H */
