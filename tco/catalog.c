/* catalog.c - load price catalogs (XML) securely, validate them against the
 * built-in schema (pricing/catalog.xsd) and merge them into a tco_catalog.
 *
 * A load runs in five steps over one buffer of at most TCO_MAX_FILE bytes:
 *   0. A linear scan of the bytes bounds the attributes of any tag (see
 *      prescan()), before libxml2 spends time on them.
 *   1. libxml2 parses it as UTF-8 with XML_PARSE_NONET and nothing else: no
 *      entity substitution, no DTD loading, no XInclude, default limits. Two SAX
 *      hooks refuse a DOCTYPE as soon as its name is read (so an internal
 *      subset, where entity bombs and external entities live, is never
 *      parsed) and elements nested deeper than CATALOG_MAX_DEPTH. While the
 *      load runs, every external load is denied and every libxml2 message is
 *      collected as a diagnostic instead of reaching stderr.
 *   2. Comments and processing instructions are dropped and the text they
 *      split is joined (see flatten()); then the schema, compiled into the
 *      library, is parsed and the document is validated against it.
 *   3. What XSD 1.0 cannot say is checked here: unique ids, offers naming a
 *      known GPU, low <= typical <= high, term-months only on reserved offers.
 *   4. Only when every step passed are the entries merged into the catalog;
 *      every allocation the merge needs is made first, so a failed load
 *      leaves the catalog as it was.
 */
#include "tco.h"

#include <libxml/SAX2.h>
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* pricing/catalog.xsd, NUL-terminated; generated at build time by cmake/embed.cmake.
 * Not tco_-prefixed, so the shared library's version script keeps it internal. */
extern const unsigned char embedded_catalog_xsd[];
extern const size_t embedded_catalog_xsd_len;

/* Deepest element nesting accepted. The schema needs 3 (catalog, gpu, price);
 * the limit stops a deep document long before it costs anything. */
#define CATALOG_MAX_DEPTH 32

/* Most attributes accepted in one tag. The format needs 4 (<price>); libxml2
 * 2.9 checks a tag's attributes for duplicates pairwise, so one tag with many
 * thousands of them would cost minutes of CPU. */
#define CATALOG_MAX_ATTRIBUTES 16

/* Name of the built-in schema in diagnostics (its errors are bugs of ours). */
#define SCHEMA_NAME "catalog.xsd (built in)"

#if LIBXML_VERSION >= 21200
typedef const xmlError *error_ptr;
#else
typedef xmlErrorPtr error_ptr;
#endif

/* ===== Loader state ===== */

typedef struct loader {
    const char *file;     /* name used in messages and stored in the catalog */
    const char *err_file; /* name for libxml2 messages: file, or SCHEMA_NAME */
    tco_diags *diags;     /* may be NULL */
    xmlDocPtr doc;        /* the parsed document, once there is one */
    int depth;            /* element nesting while parsing */
    int refused;          /* refused by a limit or the DOCTYPE rule */
    tco_status refusal;   /* status for that refusal */
    size_t errors;        /* errors reported by any step */
    int nomem;            /* an allocation failed */
    tco_gpu_model *gpus;  /* entries read from this file, in file order */
    size_t n_gpus;
    tco_offer *offers;
    size_t n_offers;
} loader;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void report(loader *L, int line, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    L->errors++;
    if (tco_diags_add(L->diags, TCO_SEV_ERROR, L->file, line, NULL, "%s", buf) == TCO_ERR_NOMEM)
        L->nomem = 1;
}

/* Line of an element: the exact line recorded by the start-element hook (node
 * lines kept by libxml2 stop at 65535), else libxml2's. */
static int node_line(const xmlNode *node)
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

static int is_xml_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* ===== libxml2 messages ===== */

/* Turn one libxml2 error into a diagnostic: the loader's file name, the line
 * (of the node when libxml2 names one), the message on one line. */
static void collect_error(loader *L, error_ptr e)
{
    if (!e)
        return;
    /* XML_ERR_NO_MEMORY is not taken as running out of memory: libxml2 also
     * raises it after an over-long attribute value, so it is an input error
     * like the message before it. */
    int line = e->line;
    const xmlNode *node = e->node;
    if (node && L->doc && node->doc == L->doc &&
        (node->type == XML_ELEMENT_NODE || node->type == XML_ATTRIBUTE_NODE))
        line = node_line(node);
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "unknown XML error");
    for (char *p = msg; *p; p++)
        if (*p == '\n' || *p == '\r' || *p == '\t')
            *p = ' ';
    size_t n = strlen(msg);
    while (n && msg[n - 1] == ' ')
        msg[--n] = '\0';
    tco_severity sev = e->level == XML_ERR_WARNING ? TCO_SEV_WARNING : TCO_SEV_ERROR;
    if (sev == TCO_SEV_ERROR)
        L->errors++;
    if (tco_diags_add(L->diags, sev, L->err_file, line > 0 ? line : 0, NULL, "%s", msg) ==
        TCO_ERR_NOMEM)
        L->nomem = 1;
}

/* Parser messages: libxml2 passes the parser context, whose _private is the loader. */
static void parser_error(void *ctx, error_ptr e)
{
    xmlParserCtxtPtr ctxt = ctx;
    collect_error(ctxt->_private, e);
}

/* Schema and catch-all messages: the context is the loader. */
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
    loader *L = ctxt->_private;
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
    report(L, line, "a DOCTYPE is not allowed in a catalog (no DTDs, no entities): remove it");
    L->refused = 1;
    L->refusal = TCO_ERR_INPUT;
    xmlStopParser(ctxt);
}

static void start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                          const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                          int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    xmlParserCtxtPtr ctxt = ctx;
    loader *L = ctxt->_private;
    int line = ctxt->input ? ctxt->input->line : 0;
    if (++L->depth > CATALOG_MAX_DEPTH) {
        report(L, line, "elements are nested more than %d deep", CATALOG_MAX_DEPTH);
        L->refused = 1;
        L->refusal = TCO_ERR_LIMIT;
        xmlStopParser(ctxt);
        return;
    }
    xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces, namespaces, nb_attributes,
                          nb_defaulted, attributes);
    if (ctxt->node && ctxt->node->type == XML_ELEMENT_NODE && line > 0)
        ctxt->node->_private = (void *)(intptr_t)line;
}

static void end_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                        const xmlChar *uri)
{
    xmlParserCtxtPtr ctxt = ctx;
    loader *L = ctxt->_private;
    if (L->depth > 0)
        L->depth--;
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
static int prescan(loader *L, const char *xml, size_t size)
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
            if (q < end && (*q == '"' || *q == '\'') && ++attrs > CATALOG_MAX_ATTRIBUTES) {
                report(L, tag_line, "more than %d attributes in one tag", CATALOG_MAX_ATTRIBUTES);
                return -1;
            }
        }
    }
    return 0;
}

/* ===== Step 1 and 2: parse and validate ===== */

/* Parse the buffer into L->doc. Returns 0 when it is well-formed and allowed. */
static int parse(loader *L, const char *xml, size_t size)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        L->nomem = 1;
        return -1;
    }
    ctxt->_private = L;
    ctxt->sax->serror = parser_error;
    ctxt->sax->internalSubset = refuse_doctype;
    ctxt->sax->externalSubset = NULL;
    ctxt->sax->startElementNs = start_element;
    ctxt->sax->endElementNs = end_element;
    /* NONET only; docs/CATALOG.md (Security) lists the options never to use.
     * The bytes are read as UTF-8 whatever the document declares, so that no
     * other encoding can hide tags from prescan(). */
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, xml, (int)size, L->file, "UTF-8", XML_PARSE_NONET);
    int bad = !doc || !ctxt->wellFormed || L->refused || L->errors > 0 || L->nomem;
    if (doc && !bad && !xmlDocGetRootElement(doc)) {
        report(L, 0, "the document has no root element");
        bad = 1;
    }
    xmlFreeParserCtxt(ctxt);
    if (bad) {
        if (!L->errors && !L->nomem)
            report(L, 0, "the file is not well-formed XML");
        xmlFreeDoc(doc);
        return -1;
    }
    L->doc = doc;
    return 0;
}

static int is_text(const xmlNode *n)
{
    return n && (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE);
}

/* Drop comments and processing instructions, and join the pieces of text
 * they separated, below `el`. libxml2 2.9 validates an element of simple type
 * by appending each text node to the value so far, measuring the value anew
 * each time, which is quadratic in the number of pieces: a name made of a
 * million comment-separated letters would take minutes. Joined here, each
 * piece is copied once. The tree holds at most CATALOG_MAX_DEPTH levels. */
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

/* Validate L->doc against the built-in schema. Returns 0 when valid. */
static int validate(loader *L)
{
    int rc = -1;
    if (flatten(xmlDocGetRootElement(L->doc)) != 0) {
        L->nomem = 1;
        return -1;
    }
    L->err_file = SCHEMA_NAME;
    xmlSchemaParserCtxtPtr pctxt = xmlSchemaNewMemParserCtxt((const char *)embedded_catalog_xsd,
                                                             (int)embedded_catalog_xsd_len);
    xmlSchemaPtr schema = NULL;
    xmlSchemaValidCtxtPtr vctxt = NULL;
    if (!pctxt) {
        L->nomem = 1;
        goto done;
    }
    xmlSchemaSetParserStructuredErrors(pctxt, loader_error, L);
    schema = xmlSchemaParse(pctxt);
    if (!schema) {
        if (!L->errors)
            report(L, 0, "the built-in catalog schema cannot be compiled");
        goto done;
    }
    L->err_file = L->file;
    vctxt = xmlSchemaNewValidCtxt(schema);
    if (!vctxt) {
        L->nomem = 1;
        goto done;
    }
    xmlSchemaSetValidStructuredErrors(vctxt, loader_error, L);
    int v = xmlSchemaValidateDoc(vctxt, L->doc);
    if (v == 0 && L->errors == 0)
        rc = 0;
    else if (L->errors == 0)
        report(L, 0, "the catalog does not match the schema");
done:
    L->err_file = L->file;
    xmlSchemaFreeValidCtxt(vctxt);
    xmlSchemaFree(schema);
    xmlSchemaFreeParserCtxt(pctxt);
    return rc;
}

/* ===== Step 3: read the entries ===== */

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

/* The text of an element or the value of an attribute (attr != NULL), collapsed;
 * NULL when absent or out of memory (L->nomem says which). */
static char *text_of(loader *L, xmlNodePtr el, const char *attr)
{
    xmlChar *raw = attr ? xmlGetNoNsProp(el, (const xmlChar *)attr) : xmlNodeGetContent(el);
    if (!raw)
        return NULL;
    char *s = collapse((const char *)raw);
    xmlFree(raw);
    if (!s)
        L->nomem = 1;
    return s;
}

/* Parse a decimal the schema has accepted. Returns 1 when stored in *out. */
static int number_of(loader *L, xmlNodePtr el, const char *attr, const char *what, double *out)
{
    char *s = text_of(L, el, attr);
    if (!s)
        return 0;
    char *end;
    double x = strtod(s, &end);
    int ok = end != s && *end == '\0' && isfinite(x) && x >= 0;
    if (ok)
        *out = x;
    else
        report(L, node_line(el), "'%s' is not a number of 0 or more for %s", s, what);
    free(s);
    return ok;
}

static int is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* 1 when s is a calendar date written YYYY-MM-DD. */
static int valid_date(const char *s)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    for (int i = 0; i < 10; i++)
        if ((i == 4 || i == 7) ? s[i] != '-' : !isdigit((unsigned char)s[i]))
            return 0;
    if (s[10])
        return 0;
    int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int m = (s[5] - '0') * 10 + (s[6] - '0'), d = (s[8] - '0') * 10 + (s[9] - '0');
    if (y < 1 || m < 1 || m > 12 || d < 1)
        return 0;
    return d <= mdays[m - 1] + (m == 2 && is_leap(y));
}

static int named(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

/* Read a text child into *dst (keeping the first if repeated). */
static void read_text(loader *L, xmlNodePtr c, char **dst)
{
    if (!*dst)
        *dst = text_of(L, c, NULL);
}

static void read_date(loader *L, xmlNodePtr c, char **dst)
{
    read_text(L, c, dst);
    if (*dst && !valid_date(*dst))
        report(L, node_line(c), "'%s' is not a valid date for as-of: write YYYY-MM-DD", *dst);
}

/* Number children of <gpu>, by element name. */
static const struct gpu_number {
    const char *name;
    size_t offset; /* of a double in tco_gpu_model */
} gpu_numbers[] = {
    {"fp16-tflops", offsetof(tco_gpu_model, fp16_tflops)},
    {"fp16-tflops-sparse", offsetof(tco_gpu_model, fp16_tflops_sparse)},
    {"fp32-tflops", offsetof(tco_gpu_model, fp32_tflops)},
    {"memory-gb", offsetof(tco_gpu_model, memory_gb)},
    {"memory-bandwidth-tbs", offsetof(tco_gpu_model, memory_bw_tbs)},
    {"nvlink-gbs", offsetof(tco_gpu_model, nvlink_gbs)},
    {"pcie-gbs", offsetof(tco_gpu_model, pcie_gbs)},
    {"tdp-w", offsetof(tco_gpu_model, tdp_w)},
};

static void gpu_clear(tco_gpu_model *g)
{
    free(g->id);
    free(g->name);
    free(g->vendor);
    free(g->memory_type);
    free(g->currency);
    free(g->source);
    free(g->as_of);
}

static void offer_clear(tco_offer *o)
{
    free(o->id);
    free(o->provider);
    free(o->gpu);
    free(o->pricing);
    free(o->currency);
    free(o->region);
    free(o->source);
    free(o->as_of);
}

static void read_price(loader *L, xmlNodePtr c, tco_gpu_model *g)
{
    if (!g->currency)
        g->currency = text_of(L, c, "currency");
    xmlChar *a;
    if ((a = xmlGetNoNsProp(c, (const xmlChar *)"low")) != NULL) {
        xmlFree(a);
        number_of(L, c, "low", "price low", &g->price_low);
    }
    number_of(L, c, "typical", "price typical", &g->price_typical);
    if ((a = xmlGetNoNsProp(c, (const xmlChar *)"high")) != NULL) {
        xmlFree(a);
        number_of(L, c, "high", "price high", &g->price_high);
    }
    int line = node_line(c);
    if (!isnan(g->price_low) && !isnan(g->price_typical) && g->price_low > g->price_typical)
        report(L, line, "price low %g is above typical %g", g->price_low, g->price_typical);
    if (!isnan(g->price_high) && !isnan(g->price_typical) && g->price_typical > g->price_high)
        report(L, line, "price typical %g is above high %g", g->price_typical, g->price_high);
}

static void read_gpu(loader *L, xmlNodePtr el, tco_gpu_model *g)
{
    double *nums[] = {&g->fp16_tflops,   &g->fp16_tflops_sparse, &g->fp32_tflops, &g->memory_gb,
                      &g->memory_bw_tbs, &g->nvlink_gbs,         &g->pcie_gbs,    &g->tdp_w,
                      &g->price_low,     &g->price_typical,      &g->price_high};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        *nums[i] = NAN;
    g->line = node_line(el);
    g->id = text_of(L, el, "id");
    for (xmlNodePtr c = el->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (named(c, "name"))
            read_text(L, c, &g->name);
        else if (named(c, "vendor"))
            read_text(L, c, &g->vendor);
        else if (named(c, "memory-type"))
            read_text(L, c, &g->memory_type);
        else if (named(c, "source"))
            read_text(L, c, &g->source);
        else if (named(c, "as-of"))
            read_date(L, c, &g->as_of);
        else if (named(c, "price"))
            read_price(L, c, g);
        else
            for (size_t i = 0; i < sizeof gpu_numbers / sizeof gpu_numbers[0]; i++)
                if (named(c, gpu_numbers[i].name))
                    number_of(L, c, NULL, gpu_numbers[i].name,
                              (double *)((char *)g + gpu_numbers[i].offset));
    }
}

/* Reads the offer; *gpu_el is set to its <gpu> element for the reference check. */
static void read_offer(loader *L, xmlNodePtr el, tco_offer *o, xmlNodePtr *gpu_el)
{
    o->price_per_gpu_hour = NAN;
    o->line = node_line(el);
    o->id = text_of(L, el, "id");
    *gpu_el = NULL;
    for (xmlNodePtr c = el->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (named(c, "provider")) {
            read_text(L, c, &o->provider);
        } else if (named(c, "gpu")) {
            read_text(L, c, &o->gpu);
            *gpu_el = c;
        } else if (named(c, "region")) {
            read_text(L, c, &o->region);
        } else if (named(c, "source")) {
            read_text(L, c, &o->source);
        } else if (named(c, "as-of")) {
            read_date(L, c, &o->as_of);
        } else if (named(c, "price-per-gpu-hour")) {
            number_of(L, c, NULL, "price-per-gpu-hour", &o->price_per_gpu_hour);
            if (!o->currency)
                o->currency = text_of(L, c, "currency");
        } else if (named(c, "pricing")) {
            read_text(L, c, &o->pricing);
            char *term = text_of(L, c, "term-months");
            int reserved = o->pricing && strcmp(o->pricing, "reserved") == 0;
            if (term) {
                char *end;
                long t = strtol(term, &end, 10);
                if (end == term || *end || t < 1 || t > TCO_MAX_HORIZON)
                    report(L, node_line(c), "term-months '%s' is not a whole number of 1 to %d",
                           term, TCO_MAX_HORIZON);
                else if (!reserved)
                    report(L, node_line(c), "term-months is only for reserved pricing");
                else
                    o->term_months = (int)t;
                free(term);
            } else if (reserved) {
                report(L, node_line(c),
                       "reserved pricing needs term-months, e.g. "
                       "<pricing term-months=\"12\">reserved</pricing>");
            }
        }
    }
}

/* Edit distance of two short ids, ignoring case, when it is at most `limit`;
 * otherwise any value above `limit`. Rows stop as soon as no cell is within the
 * limit, so a hostile catalog of many long ids stays cheap. */
static size_t edit_distance(const char *a, const char *b, size_t limit)
{
    enum { MAX = TCO_MAX_ID };
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAX || lb > MAX || (la > lb ? la - lb : lb - la) > limit)
        return limit + 1;
    size_t prev[MAX + 1], cur[MAX + 1];
    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t row_min = cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t best = prev[j - 1] +
                          (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            cur[j] = best;
            if (best < row_min)
                row_min = best;
        }
        if (row_min > limit)
            return limit + 1;
        memcpy(prev, cur, sizeof prev);
    }
    return prev[lb];
}

/* Comparisons spent on "did you mean" per load: enough for every typo in any
 * real catalog, while a file of thousands of unknown ids over thousands of
 * GPUs still gets its errors at once. */
#define SUGGESTION_BUDGET 20000

typedef struct suggestion {
    const char *word; /* the unknown id */
    const char *best; /* closest candidate so far, or NULL */
    size_t dist;      /* its distance */
} suggestion;

/* Within 1 edit for ids up to 3 characters, 2 up to 6, 3 beyond. */
static void consider(suggestion *s, const char *cand)
{
    size_t len = strlen(s->word), limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
    size_t d = edit_distance(s->word, cand, limit);
    if (d <= limit && d < s->dist) {
        s->best = cand;
        s->dist = d;
    }
}

/* Read every entry of L->doc into L->gpus and L->offers, checking what the
 * schema cannot. `known` maps the ids of the catalog's GPUs before this file. */
static void read_entries(loader *L, const tco_catalog *cat, xmlHashTablePtr known)
{
    xmlNodePtr root = xmlDocGetRootElement(L->doc);
    size_t n_gpu = 0, n_offer = 0, budget = SUGGESTION_BUDGET;
    for (xmlNodePtr n = root->children; n; n = n->next) {
        n_gpu += named(n, "gpu");
        n_offer += named(n, "offer");
    }
    xmlHashTablePtr gpus = xmlHashCreate((int)(n_gpu < 16 ? 16 : n_gpu));
    xmlHashTablePtr offers = xmlHashCreate((int)(n_offer < 16 ? 16 : n_offer));
    L->gpus = calloc(n_gpu ? n_gpu : 1, sizeof *L->gpus);
    L->offers = calloc(n_offer ? n_offer : 1, sizeof *L->offers);
    if (!gpus || !offers || !L->gpus || !L->offers) {
        L->nomem = 1;
        goto done;
    }
    /* GPU ids first: an offer may name a GPU defined further down. */
    for (xmlNodePtr n = root->children; n && !L->nomem; n = n->next) {
        if (!named(n, "gpu"))
            continue;
        tco_gpu_model *g = &L->gpus[L->n_gpus++];
        read_gpu(L, n, g);
        if (!g->id)
            continue;
        xmlNodePtr first = xmlHashLookup(gpus, (const xmlChar *)g->id);
        if (first)
            report(L, g->line, "duplicate GPU id '%s' (first at line %d)", g->id, node_line(first));
        else if (xmlHashAddEntry(gpus, (const xmlChar *)g->id, n) != 0)
            L->nomem = 1;
    }
    for (xmlNodePtr n = root->children; n && !L->nomem; n = n->next) {
        if (!named(n, "offer"))
            continue;
        tco_offer *o = &L->offers[L->n_offers++];
        xmlNodePtr gpu_el;
        read_offer(L, n, o, &gpu_el);
        if (!o->id)
            continue;
        xmlNodePtr first = xmlHashLookup(offers, (const xmlChar *)o->id);
        if (first)
            report(L, o->line, "duplicate offer id '%s' (first at line %d)", o->id,
                   node_line(first));
        else if (xmlHashAddEntry(offers, (const xmlChar *)o->id, n) != 0)
            L->nomem = 1;
        if (o->gpu && !xmlHashLookup(gpus, (const xmlChar *)o->gpu) &&
            !xmlHashLookup(known, (const xmlChar *)o->gpu)) {
            suggestion s = {o->gpu, NULL, SIZE_MAX};
            /* In file order, this file first: ties go to the first candidate. */
            for (size_t i = 0; i < L->n_gpus && budget > 0; i++, budget--)
                if (L->gpus[i].id)
                    consider(&s, L->gpus[i].id);
            for (size_t i = 0; i < cat->n_gpus && budget > 0; i++, budget--)
                consider(&s, cat->gpus[i].id);
            int line = node_line(gpu_el ? gpu_el : n);
            if (s.best)
                report(L, line, "offer '%s': unknown GPU '%s'; did you mean '%s'?", o->id, o->gpu,
                       s.best);
            else
                report(L, line, "offer '%s': unknown GPU '%s'", o->id, o->gpu);
        }
    }
done:
    xmlHashFree(gpus, NULL);
    xmlHashFree(offers, NULL);
}

/* ===== Step 4: merge ===== */

/* Map each id to its index + 1 (a payload cannot be NULL). */
static xmlHashTablePtr index_ids(size_t n, const char *(*id_at)(const tco_catalog *, size_t),
                                 const tco_catalog *cat)
{
    xmlHashTablePtr h = xmlHashCreate((int)(n < 16 ? 16 : n));
    for (size_t i = 0; h && i < n; i++) {
        if (xmlHashUpdateEntry(h, (const xmlChar *)id_at(cat, i), (void *)(uintptr_t)(i + 1),
                               NULL) != 0) {
            xmlHashFree(h, NULL);
            return NULL;
        }
    }
    return h;
}

static const char *gpu_id_at(const tco_catalog *cat, size_t i)
{
    return cat->gpus[i].id;
}

static const char *offer_id_at(const tco_catalog *cat, size_t i)
{
    return cat->offers[i].id;
}

/* Move the file's entries into the catalog. Every allocation is made before
 * the catalog changes, so on failure it is as it was. */
static tco_status merge(loader *L, tco_catalog *cat, xmlHashTablePtr old_gpus)
{
    tco_status st = TCO_ERR_NOMEM;
    xmlHashTablePtr old_offers = index_ids(cat->n_offers, offer_id_at, cat);
    char *file = strdup(L->file);
    if (!old_offers || !file)
        goto done;
    size_t add_gpus = 0, add_offers = 0;
    for (size_t i = 0; i < L->n_gpus; i++)
        add_gpus += !xmlHashLookup(old_gpus, (const xmlChar *)L->gpus[i].id);
    for (size_t i = 0; i < L->n_offers; i++)
        add_offers += !xmlHashLookup(old_offers, (const xmlChar *)L->offers[i].id);
    tco_gpu_model *gpus = realloc(cat->gpus, (cat->n_gpus + add_gpus + 1) * sizeof *gpus);
    if (!gpus)
        goto done;
    cat->gpus = gpus;
    tco_offer *offers = realloc(cat->offers, (cat->n_offers + add_offers + 1) * sizeof *offers);
    if (!offers)
        goto done;
    cat->offers = offers;
    char **files = realloc(cat->files, (cat->n_files + 1) * sizeof *files);
    if (!files)
        goto done;
    cat->files = files;

    /* Nothing below can fail. */
    cat->files[cat->n_files++] = file;
    file = NULL;
    for (size_t i = 0; i < L->n_gpus; i++) {
        tco_gpu_model *g = &L->gpus[i];
        g->file = cat->files[cat->n_files - 1];
        uintptr_t at = (uintptr_t)xmlHashLookup(old_gpus, (const xmlChar *)g->id);
        if (at) {
            gpu_clear(&cat->gpus[at - 1]);
            cat->gpus[at - 1] = *g;
        } else {
            cat->gpus[cat->n_gpus++] = *g;
        }
    }
    for (size_t i = 0; i < L->n_offers; i++) {
        tco_offer *o = &L->offers[i];
        o->file = cat->files[cat->n_files - 1];
        uintptr_t at = (uintptr_t)xmlHashLookup(old_offers, (const xmlChar *)o->id);
        if (at) {
            offer_clear(&cat->offers[at - 1]);
            cat->offers[at - 1] = *o;
        } else {
            cat->offers[cat->n_offers++] = *o;
        }
    }
    /* The entries now belong to the catalog. */
    L->n_gpus = L->n_offers = 0;
    st = TCO_OK;
done:
    free(file);
    xmlHashFree(old_offers, NULL);
    return st;
}

/* ===== Loading ===== */

static tco_status load_buffer(tco_catalog *cat, const char *xml, size_t size, const char *name,
                              tco_diags *diags)
{
    loader L = {.file = name, .err_file = name, .diags = diags};
    xmlHashTablePtr old_gpus = NULL;

    /* libxml2's process-wide hooks are ours for the duration of the load. */
    xmlInitParser();
    xmlExternalEntityLoader saved_loader = xmlGetExternalEntityLoader();
    xmlStructuredErrorFunc saved_serror = xmlStructuredError;
    void *saved_sctx = xmlStructuredErrorContext;
    xmlGenericErrorFunc saved_gerror = xmlGenericError;
    void *saved_gctx = xmlGenericErrorContext;
    xmlSetExternalEntityLoader(deny_load);
    xmlSetStructuredErrorFunc(&L, loader_error);
    xmlSetGenericErrorFunc(NULL, quiet);

    if (prescan(&L, xml, size) != 0) {
        L.refused = 1;
        L.refusal = TCO_ERR_LIMIT;
    } else if (parse(&L, xml, size) == 0 && validate(&L) == 0) {
        old_gpus = index_ids(cat->n_gpus, gpu_id_at, cat);
        if (!old_gpus)
            L.nomem = 1;
        else
            read_entries(&L, cat, old_gpus);
    }

    tco_status st;
    if (L.nomem) {
        tco_diags_add(diags, TCO_SEV_ERROR, name, 0, NULL, "out of memory");
        st = TCO_ERR_NOMEM;
    } else if (L.refused) {
        st = L.refusal;
    } else if (L.errors) {
        st = TCO_ERR_INPUT;
    } else {
        st = merge(&L, cat, old_gpus);
        if (st != TCO_OK)
            tco_diags_add(diags, TCO_SEV_ERROR, name, 0, NULL, "out of memory");
    }

    for (size_t i = 0; i < L.n_gpus; i++)
        gpu_clear(&L.gpus[i]);
    for (size_t i = 0; i < L.n_offers; i++)
        offer_clear(&L.offers[i]);
    free(L.gpus);
    free(L.offers);
    xmlHashFree(old_gpus, NULL);
    xmlFreeDoc(L.doc);

    xmlSetGenericErrorFunc(saved_gctx, saved_gerror);
    xmlSetStructuredErrorFunc(saved_sctx, saved_serror);
    xmlSetExternalEntityLoader(saved_loader);
    return st;
}

/* See documentation in header file. */
tco_catalog *tco_catalog_new(void)
{
    return calloc(1, sizeof(tco_catalog));
}

void tco_catalog_free(tco_catalog *cat)
{
    if (!cat)
        return;
    for (size_t i = 0; i < cat->n_gpus; i++)
        gpu_clear(&cat->gpus[i]);
    for (size_t i = 0; i < cat->n_offers; i++)
        offer_clear(&cat->offers[i]);
    for (size_t i = 0; i < cat->n_files; i++)
        free(cat->files[i]);
    free(cat->gpus);
    free(cat->offers);
    free(cat->files);
    free(cat);
}

/* See documentation in header file. */
tco_status tco_catalog_load_string(tco_catalog *cat, const char *xml, size_t size, const char *name,
                                   tco_diags *diags)
{
    if (!cat || (!xml && size))
        return TCO_ERR_ARG;
    if (!name)
        name = "<string>";
    if (size > TCO_MAX_FILE) {
        tco_diags_add(diags, TCO_SEV_ERROR, name, 0, NULL,
                      "the catalog is %zu bytes; the limit is %d", size, TCO_MAX_FILE);
        return TCO_ERR_LIMIT;
    }
    return load_buffer(cat, xml ? xml : "", size, name, diags);
}

/* See documentation in header file. */
tco_status tco_catalog_load_file(tco_catalog *cat, const char *path, tco_diags *diags)
{
    if (!cat || !path)
        return TCO_ERR_ARG;
    FILE *f = fopen(path, "rb");
    if (!f) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot open: %s", strerror(errno));
        return TCO_ERR_IO;
    }
    char *buf = malloc(TCO_MAX_FILE + 1);
    if (!buf) {
        fclose(f);
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "out of memory");
        return TCO_ERR_NOMEM;
    }
    size_t n = fread(buf, 1, TCO_MAX_FILE + 1, f);
    int failed = ferror(f), err = errno;
    fclose(f);
    tco_status st;
    if (failed) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot read: %s", strerror(err));
        st = TCO_ERR_IO;
    } else if (n > TCO_MAX_FILE) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "the file is larger than the limit of %d bytes", TCO_MAX_FILE);
        st = TCO_ERR_LIMIT;
    } else {
        st = load_buffer(cat, buf, n, path, diags);
    }
    free(buf);
    return st;
}

/* See documentation in header file. */
const tco_gpu_model *tco_catalog_gpu(const tco_catalog *cat, const char *id)
{
    if (!cat || !id)
        return NULL;
    for (size_t i = 0; i < cat->n_gpus; i++)
        if (strcmp(cat->gpus[i].id, id) == 0)
            return &cat->gpus[i];
    return NULL;
}

/* See documentation in header file. */
const tco_offer *tco_catalog_offer(const tco_catalog *cat, const char *id)
{
    if (!cat || !id)
        return NULL;
    for (size_t i = 0; i < cat->n_offers; i++)
        if (strcmp(cat->offers[i].id, id) == 0)
            return &cat->offers[i];
    return NULL;
}
