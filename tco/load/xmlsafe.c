/* xmlsafe.c - secure parsing and schema validation of XML inputs, shared by
 * the price catalog (catalog.c) and workbook template (template.c) loaders.
 *
 * A load runs over one buffer of at most TCO_MAX_FILE bytes:
 *   0. A linear scan of the bytes bounds the attributes of any tag (see
 *      prescan()), before libxml2 spends time on them.
 *   1. libxml2 parses it as UTF-8 with XML_PARSE_NONET and nothing else: no
 *      entity substitution, no DTD loading, no XInclude, default limits. Two SAX
 *      hooks refuse a DOCTYPE as soon as its name is read (so an internal
 *      subset, where entity bombs and external entities live, is never
 *      parsed) and elements nested deeper than the loader's limit. While the
 *      load runs (tci_xml_begin to tci_xml_end), every external load is denied
 *      and every libxml2 message is collected as a diagnostic instead of
 *      reaching stderr.
 *   2. Comments and processing instructions are dropped and the text they
 *      split is joined (see flatten()); then the document is validated
 *      against the schema compiled into the library (its text is compiled
 *      by libxml2 on first use and kept, see schema_of()).
 * The loader then reads the document and checks what XSD 1.0 cannot say.
 */
#include "load/xmlsafe.h"
#include "util/suggest.h"

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if LIBXML_VERSION >= 21200
typedef const xmlError *error_ptr;
#else
typedef xmlErrorPtr error_ptr;
#endif

/* See xmlsafe.h. */
void tci_xml_report(tci_xml *x, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    x->errors++;
    /* Sized to the message, so a quoted value is never cut inside a character. */
    char *buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (!buf) {
        x->nomem = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)len + 1, fmt, ap);
    va_end(ap);
    if (!(buf = tci_name_invisible(buf))) {
        x->nomem = 1;
        return;
    }
    if (tco_diags_add(x->diags, TCO_SEV_ERROR, x->file, line, NULL, "%s", buf) == TCO_ERR_NOMEM)
        x->nomem = 1;
    free(buf);
}

/* See xmlsafe.h. The exact line recorded by the start-element hook (node
 * lines kept by libxml2 stop at 65535), else libxml2's. */
int tci_xml_line(const struct _xmlNode *node)
{
    if (!node)
        return 0;
    if (node->type == XML_ATTRIBUTE_NODE)
        node = node->parent;
    if (node && node->type == XML_ELEMENT_NODE && node->_private)
        return (int)(intptr_t)node->_private;
    long line = node ? xmlGetLineNo((xmlNodePtr)node) : 0;
    return line > 0 && line < INT_MAX ? (int)line : 0;
}

/* 1 for the white space of XML: space, tab, line feed, carriage return. */
static int is_xml_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* ===== libxml2 messages ===== */

/* Turn one libxml2 error into a diagnostic: the loader's file name, the line
 * (of the node when libxml2 names one), the message on one line. */
static void collect_error(tci_xml *x, error_ptr e)
{
    if (!e)
        return;
    /* XML_ERR_NO_MEMORY is not taken as running out of memory: libxml2 also
     * raises it after an over-long attribute value, so it is an input error
     * like the message before it. */
    int line = e->line;
    const xmlNode *node = e->node;
    if (node && x->doc && node->doc == x->doc &&
        (node->type == XML_ELEMENT_NODE || node->type == XML_ATTRIBUTE_NODE))
        line = tci_xml_line(node);
    /* After a value fails its type, libxml2 2.9 adds this of an identity
     * constraint (xs:unique) on it: a consequence, not a second error. */
    if (e->message && x->errors > 0 && strstr(e->message, "No precomputed value available"))
        return;
    char *msg = strdup(e->message ? e->message : "unknown XML error");
    if (!msg) {
        x->nomem = 1;
        return;
    }
    for (char *p = msg; *p; p++)
        if (*p == '\n' || *p == '\r' || *p == '\t')
            *p = ' ';
    size_t n = strlen(msg);
    while (n && msg[n - 1] == ' ')
        msg[--n] = '\0';
    if (!(msg = tci_name_invisible(msg))) {
        x->nomem = 1;
        return;
    }
    tco_severity sev = e->level == XML_ERR_WARNING ? TCO_SEV_WARNING : TCO_SEV_ERROR;
    if (sev == TCO_SEV_ERROR)
        x->errors++;
    if (tco_diags_add(x->diags, sev, x->err_file, line > 0 ? line : 0, NULL, "%s", msg) ==
        TCO_ERR_NOMEM)
        x->nomem = 1;
    free(msg);
}

/* Parser messages: libxml2 passes the parser context, whose _private is the load. */
static void parser_error(void *ctx, error_ptr e)
{
    xmlParserCtxtPtr ctxt = ctx;
    collect_error(ctxt->_private, e);
}

/* Schema and catch-all messages: the context is the load. */
static void loader_error(void *ctx, error_ptr e)
{
    collect_error(ctx, e);
}

/* Messages libxml2 would print through its generic channel are dropped: every
 * error that matters also goes through the structured handlers above. */
static void quiet(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* Every external resource (DTD, entity, schema document) is refused. */
static xmlParserInputPtr deny_load(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
    (void)url;
    (void)id;
    (void)ctxt;
    return NULL;
}

/* ===== SAX hooks ===== */

/* Called when "<!DOCTYPE name ..." has been read, before any internal subset. */
static void refuse_doctype(void *ctx, const xmlChar *name, const xmlChar *external_id,
                           const xmlChar *system_id)
{
    (void)name;
    (void)external_id;
    (void)system_id;
    xmlParserCtxtPtr ctxt = ctx;
    tci_xml *x = ctxt->_private;
    int line = 0;
    xmlParserInputPtr in = ctxt->input;
    if (in && in->base && in->cur && in->end) {
        /* The parser is past the name; report the line of "<!DOCTYPE" itself. */
        const xmlChar *p = in->cur;
        line = in->line;
        while (p > in->base && !(in->end - p >= 9 && memcmp(p, "<!DOCTYPE", 9) == 0))
            if (*--p == '\n')
                line--;
        if (line < 1)
            line = in->line;
    }
    tci_xml_report(x, line, "a DOCTYPE is not allowed in a %s (no DTDs, no entities): remove it",
                   x->kind);
    x->refused = 1;
    x->refusal = TCO_ERR_INPUT;
    xmlStopParser(ctxt);
}

/* Count the depth of an element, refusing one nested too deep, and keep its
 * exact line (see tci_xml_line). */
static void start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                          const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                          int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    xmlParserCtxtPtr ctxt = ctx;
    tci_xml *x = ctxt->_private;
    int line = ctxt->input ? ctxt->input->line : 0;
    if (++x->depth > x->max_depth) {
        tci_xml_report(x, line, "elements are nested more than %d deep", x->max_depth);
        x->refused = 1;
        x->refusal = TCO_ERR_LIMIT;
        xmlStopParser(ctxt);
        return;
    }
    xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces, namespaces, nb_attributes,
                          nb_defaulted, attributes);
    if (ctxt->node && ctxt->node->type == XML_ELEMENT_NODE && line > 0)
        ctxt->node->_private = (void *)(intptr_t)line;
}

/* The end of an element: one level less deep. */
static void end_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                        const xmlChar *uri)
{
    xmlParserCtxtPtr ctxt = ctx;
    tci_xml *x = ctxt->_private;
    if (x->depth > 0)
        x->depth--;
    xmlSAX2EndElementNs(ctx, localname, prefix, uri);
}

/* ===== Step 0: bound the attributes of a tag ===== */

/* libxml2 parses a tag's attributes one after the other and stops at the
 * first that is not `name = "value"` (or 'value'); a raw '<' cannot occur
 * inside a tag, not even in a value. So the attributes of any tag lie between
 * its '<' and the next '<' in the bytes, and each has a '=' followed (after
 * white space) by a quote. Counting those between two '<' bounds every tag
 * whatever the document's structure, and whatever libxml2 does after an
 * error. The document is parsed as UTF-8, so bytes are characters here. */
static int prescan(tci_xml *x, const char *xml, size_t size)
{
    const unsigned char *p = (const unsigned char *)xml, *end = p + size;
    int line = 1, tag_line = 1;
    size_t attrs = 0;
    for (; p < end; p++) {
        if (*p == '\n') {
            line++;
        } else if (*p == '<') {
            tag_line = line;
            attrs = 0;
        } else if (*p == '=') {
            const unsigned char *q = p + 1;
            while (q < end && is_xml_space(*q))
                q++;
            if (q < end && (*q == '"' || *q == '\'') && ++attrs > (size_t)x->max_attributes) {
                tci_xml_report(x, tag_line, "more than %d attributes in one tag",
                               x->max_attributes);
                return -1;
            }
        }
    }
    return 0;
}

/* ===== Steps 1 and 2: parse and validate ===== */

/* Parse the buffer into x->doc. Returns 0 when it is well-formed and allowed. */
static int parse(tci_xml *x, const char *xml, size_t size)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        x->nomem = 1;
        return -1;
    }
    ctxt->_private = x;
    ctxt->sax->serror = parser_error;
    ctxt->sax->internalSubset = refuse_doctype;
    ctxt->sax->externalSubset = NULL;
    ctxt->sax->startElementNs = start_element;
    ctxt->sax->endElementNs = end_element;
    /* NONET only; docs/CATALOG.md (Security) lists the options never to use.
     * The bytes are read as UTF-8 whatever the document declares, so that no
     * other encoding can hide tags from prescan(). */
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, xml, (int)size, x->file, "UTF-8", XML_PARSE_NONET);
    int bad = !doc || !ctxt->wellFormed || x->refused || x->errors > 0 || x->nomem;
    if (doc && !bad && !xmlDocGetRootElement(doc)) {
        tci_xml_report(x, 0, "the document has no root element");
        bad = 1;
    }
    xmlFreeParserCtxt(ctxt);
    if (bad) {
        if (!x->errors && !x->nomem)
            tci_xml_report(x, 0, "the file is not well-formed XML");
        xmlFreeDoc(doc);
        return -1;
    }
    x->doc = doc;
    return 0;
}

/* 1 when n is a text or CDATA node. */
static int is_text(const xmlNode *n)
{
    return n && (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE);
}

/* Drop comments and processing instructions, and join the pieces of text
 * they separated, below `el`. libxml2 2.9 validates an element of simple type
 * by appending each text node to the value so far, measuring the value anew
 * each time, which is quadratic in the number of pieces: a name made of a
 * million comment-separated letters would take minutes. Joined here, each
 * piece is copied once. The tree holds at most max_depth levels. */
static int flatten(xmlNodePtr el)
{
    for (xmlNodePtr c = el->children, next; c; c = next) {
        next = c->next;
        if (c->type == XML_COMMENT_NODE || c->type == XML_PI_NODE) {
            xmlUnlinkNode(c);
            xmlFreeNode(c);
        } else if (c->type == XML_ELEMENT_NODE && flatten(c) != 0) {
            return -1;
        }
    }
    for (xmlNodePtr c = el->children; c; c = c->next) {
        if (!is_text(c) || !is_text(c->next))
            continue;
        size_t total = 0, n = 0;
        for (xmlNodePtr r = c; is_text(r); r = r->next)
            total += r->content ? strlen((const char *)r->content) : 0;
        xmlChar *joined = xmlMalloc(total + 1);
        if (!joined)
            return -1;
        for (xmlNodePtr r = c; is_text(r); r = r->next) {
            size_t len = r->content ? strlen((const char *)r->content) : 0;
            memcpy(joined + n, r->content, len);
            n += len;
        }
        joined[n] = '\0';
        while (is_text(c->next)) {
            xmlNodePtr d = c->next;
            xmlUnlinkNode(d);
            xmlFreeNode(d);
        }
        xmlNodeSetContent(c, joined);
        xmlFree(joined);
        if (!c->content && total)
            return -1;
    }
    return 0;
}

/* Compiled schemas, one per built-in schema text, kept for the life of the
 * process: compiling one costs more than validating a typical file against
 * it. Like libxml2's hooks (see tci_xml_begin), they assume one load at a
 * time. */
static struct {
    const unsigned char *xsd;
    xmlSchemaPtr schema;
} compiled[4];

/* The compiled schema of x->xsd, compiled now if it is not yet; NULL after an
 * error (reported) or when out of memory (x->nomem). */
static xmlSchemaPtr schema_of(tci_xml *x)
{
    size_t i;
    for (i = 0; i < sizeof compiled / sizeof compiled[0] && compiled[i].xsd; i++)
        if (compiled[i].xsd == x->xsd)
            return compiled[i].schema;
    x->err_file = x->xsd_name;
    xmlSchemaParserCtxtPtr pctxt = xmlSchemaNewMemParserCtxt((const char *)x->xsd, (int)x->xsd_len);
    xmlSchemaPtr schema = NULL;
    if (!pctxt) {
        x->nomem = 1;
    } else {
        xmlSchemaSetParserStructuredErrors(pctxt, loader_error, x);
        schema = xmlSchemaParse(pctxt);
        xmlSchemaFreeParserCtxt(pctxt);
        if (!schema && !x->errors && !x->nomem)
            tci_xml_report(x, 0, "the built-in %s schema cannot be compiled", x->kind);
    }
    x->err_file = x->file;
    if (schema && i < sizeof compiled / sizeof compiled[0]) {
        compiled[i].xsd = x->xsd;
        compiled[i].schema = schema;
    }
    return schema;
}

/* Validate x->doc against the built-in schema. Returns 0 when valid. */
static int validate(tci_xml *x)
{
    if (flatten(xmlDocGetRootElement(x->doc)) != 0) {
        x->nomem = 1;
        return -1;
    }
    xmlSchemaPtr schema = schema_of(x);
    if (!schema)
        return -1;
    xmlSchemaValidCtxtPtr vctxt = xmlSchemaNewValidCtxt(schema);
    if (!vctxt) {
        x->nomem = 1;
        return -1;
    }
    xmlSchemaSetValidStructuredErrors(vctxt, loader_error, x);
    int v = xmlSchemaValidateDoc(vctxt, x->doc);
    xmlSchemaFreeValidCtxt(vctxt);
    if (v == 0 && x->errors == 0)
        return 0;
    if (x->errors == 0)
        tci_xml_report(x, 0, "the %s does not match the schema", x->kind);
    return -1;
}

/* ===== The load ===== */

/* See xmlsafe.h. libxml2's process-wide hooks are the load's until tci_xml_end. */
void tci_xml_begin(tci_xml *x)
{
    if (!x->err_file)
        x->err_file = x->file;
    xmlInitParser();
    x->saved_loader = (void (*)(void))xmlGetExternalEntityLoader();
    x->saved_serror = (void (*)(void))xmlStructuredError;
    x->saved_sctx = xmlStructuredErrorContext;
    x->saved_gerror = (void (*)(void))xmlGenericError;
    x->saved_gctx = xmlGenericErrorContext;
    xmlSetExternalEntityLoader(deny_load);
    xmlSetStructuredErrorFunc(x, loader_error);
    xmlSetGenericErrorFunc(NULL, quiet);
}

/* See xmlsafe.h. */
int tci_xml_parse(tci_xml *x, const char *xml, size_t size)
{
    if (prescan(x, xml, size) != 0) {
        x->refused = 1;
        x->refusal = TCO_ERR_LIMIT;
        return -1;
    }
    if (parse(x, xml, size) != 0)
        return -1;
    return x->xsd ? validate(x) : 0;
}

/* See xmlsafe.h. */
void tci_xml_end(tci_xml *x)
{
    xmlFreeDoc(x->doc);
    x->doc = NULL;
    xmlSetGenericErrorFunc(x->saved_gctx, (xmlGenericErrorFunc)x->saved_gerror);
    xmlSetStructuredErrorFunc(x->saved_sctx, (xmlStructuredErrorFunc)x->saved_serror);
    xmlSetExternalEntityLoader((xmlExternalEntityLoader)x->saved_loader);
}

/* See xmlsafe.h. */
tco_status tci_xml_status(tci_xml *x)
{
    if (x->nomem) {
        tco_diags_add(x->diags, TCO_SEV_ERROR, x->file, 0, NULL, "out of memory");
        return TCO_ERR_NOMEM;
    }
    if (x->refused)
        return x->refusal;
    return x->errors ? TCO_ERR_INPUT : TCO_OK;
}

/* ===== Reading the document ===== */

/* A malloc'd copy of s with white space collapsed as xs:token does. */
static char *collapse(const char *s)
{
    char *out = malloc(strlen(s) + 1), *q = out;
    if (!out)
        return NULL;
    int space = 0;
    for (; *s; s++) {
        if (is_xml_space((unsigned char)*s)) {
            space = q != out;
        } else {
            if (space)
                *q++ = ' ';
            space = 0;
            *q++ = *s;
        }
    }
    *q = '\0';
    return out;
}

/* See xmlsafe.h. */
char *tci_xml_text_as(tci_xml *x, struct _xmlNode *el, const char *attr,
                      char *(*copy)(const char *))
{
    xmlChar *raw = attr ? xmlGetNoNsProp(el, (const xmlChar *)attr) : xmlNodeGetContent(el);
    if (!raw)
        return NULL;
    char *s = copy((const char *)raw);
    xmlFree(raw);
    if (!s)
        x->nomem = 1;
    return s;
}

/* See xmlsafe.h. */
char *tci_xml_text(tci_xml *x, struct _xmlNode *el, const char *attr)
{
    return tci_xml_text_as(x, el, attr, collapse);
}

/* See xmlsafe.h. */
int tci_xml_named(const struct _xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}
