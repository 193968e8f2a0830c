/* readfile.c - bounded reads of whole input files. */
#include "util/readfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* See documentation in header file. */
tco_status tci_read_all(FILE *f, size_t limit, size_t extra, char **buf, size_t *size)
{
    *buf = NULL;
    *size = 0;
    size_t cap = 0, n = 0;
    char *b = NULL;
    for (;;) {
        if (n == cap) {
            if (n > limit)
                break; /* one byte past the limit is enough to know */
            size_t want = cap ? cap * 2 : 64 * 1024;
            if (want > limit + 1)
                want = limit + 1;
            char *nb = realloc(b, want + extra);
            if (!nb) {
                free(b);
                return TCO_ERR_NOMEM;
            }
            b = nb;
            cap = want;
        }
        size_t got = fread(b + n, 1, cap - n, f);
        n += got;
        if (got == 0 || n < cap) {
            if (ferror(f)) {
                int err = errno;
                free(b);
                errno = err;
                return TCO_ERR_IO;
            }
            if (feof(f))
                break;
        }
    }
    if (n > limit) {
        free(b);
        return TCO_ERR_LIMIT;
    }
    *buf = b;
    *size = n;
    return TCO_OK;
}

tco_status tci_read_file(const char *path, char **buf, size_t *size, tco_diags *diags)
{
    *buf = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot open: %s", strerror(errno));
        return TCO_ERR_IO;
    }
    int err = 0;
    tco_status st = tci_read_all(f, TCO_MAX_FILE, 1, buf, size);
    if (st == TCO_ERR_IO)
        err = errno;
    fclose(f);
    if (st == TCO_ERR_NOMEM)
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "out of memory");
    else if (st == TCO_ERR_IO)
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot read: %s", strerror(err));
    else if (st == TCO_ERR_LIMIT)
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "the file is larger than the limit of %d bytes", TCO_MAX_FILE);
    else
        (*buf)[*size] = '\0';
    return st;
}

/* See documentation in header file. */
tco_status tci_parse_file(const char *path, tci_parse_fn parse, void *arg, tco_diags *diags)
{
    char *buf;
    size_t n;
    tco_status st = tci_read_file(path, &buf, &n, diags);
    if (st == TCO_OK)
        st = parse(buf, n, path, arg, diags);
    free(buf);
    return st;
}

/* See documentation in header file. */
tco_status tci_parse_string(const char *text, size_t size, const char *name, const char *kind,
                            tci_parse_fn parse, void *arg, tco_diags *diags)
{
    if (!name)
        name = "<string>";
    if (size > TCO_MAX_FILE) {
        tco_diags_add(diags, TCO_SEV_ERROR, name, 0, NULL, "the %s is %zu bytes; the limit is %d",
                      kind, size, TCO_MAX_FILE);
        return TCO_ERR_LIMIT;
    }
    return parse(text ? text : "", size, name, arg, diags);
}
