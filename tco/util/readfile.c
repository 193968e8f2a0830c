/* readfile.c - bounded reads of whole input files. */
#include "util/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Why st, which is not a regular file, is refused. */
static const char *not_regular_why(const struct stat *st)
{
    if (S_ISFIFO(st->st_mode))
        return "not a regular file (a FIFO)";
    if (S_ISDIR(st->st_mode))
        return "not a regular file (a directory)";
    if (S_ISCHR(st->st_mode))
        return "not a regular file (a character device)";
    if (S_ISBLK(st->st_mode))
        return "not a regular file (a block device)";
    if (S_ISSOCK(st->st_mode))
        return "not a regular file (a socket)";
    return "not a regular file";
}

/* See documentation in header file. */
FILE *tci_open_input(const char *path, tco_file_id *id, const char **why, int *not_regular)
{
    *not_regular = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        *why = strerror(errno);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        *why = strerror(errno);
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        *why = not_regular_why(&st);
        *not_regular = 1;
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    FILE *f = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, "rb") : NULL;
    if (!f) {
        *why = strerror(errno);
        close(fd);
        return NULL;
    }
    *id = (tco_file_id){(unsigned long long)st.st_dev, (unsigned long long)st.st_ino};
    return f;
}

/* See documentation in header file. */
tco_status tci_read_file(const char *path, char **buf, size_t *size, tco_file_id *id,
                         tco_diags *diags)
{
    return tci_read_file_limit(path, TCO_MAX_FILE, buf, size, id, diags);
}

/* See documentation in header file. */
tco_status tci_read_file_limit(const char *path, size_t limit, char **buf, size_t *size,
                               tco_file_id *id, tco_diags *diags)
{
    *buf = NULL;
    *size = 0;
    const char *why;
    int not_regular;
    FILE *f = tci_open_input(path, id, &why, &not_regular);
    if (!f) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot %s: %s",
                      not_regular ? "read" : "open", why);
        return TCO_ERR_IO;
    }
    int err = 0;
    tco_status st = tci_read_all(f, limit, 1, buf, size);
    if (st == TCO_ERR_IO)
        err = errno;
    fclose(f);
    if (st == TCO_ERR_NOMEM)
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "out of memory");
    else if (st == TCO_ERR_IO)
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot read: %s", strerror(err));
    else if (st == TCO_ERR_LIMIT)
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "the file is larger than the limit of %zu bytes", limit);
    else
        (*buf)[*size] = '\0';
    return st;
}

/* See documentation in header file. */
int tci_same_file(tco_file_id a, tco_file_id b)
{
    return a.dev == b.dev && a.ino == b.ino && (a.dev || a.ino);
}

/* See documentation in header file. */
const char *tci_input_at(const char *path, char *const *names, const tco_file_id *ids, size_t n)
{
    struct stat st;
    if (!path || !ids || stat(path, &st) != 0)
        return NULL;
    tco_file_id id = {(unsigned long long)st.st_dev, (unsigned long long)st.st_ino};
    for (size_t i = 0; i < n; i++)
        if (tci_same_file(ids[i], id))
            return names[i];
    return NULL;
}

/* See documentation in header file. */
tco_status tci_parse_file(const char *path, tci_parse_fn parse, void *arg, tco_diags *diags)
{
    char *buf;
    size_t n;
    tco_file_id id = {0, 0};
    tco_status st = tci_read_file(path, &buf, &n, &id, diags);
    if (st == TCO_OK)
        st = parse(buf, n, path, &id, arg, diags);
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
    return parse(text ? text : "", size, name, NULL, arg, diags);
}
