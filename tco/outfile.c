/* outfile.c - atomic output: write a temporary file beside the target, then
 * rename it over the target, so readers see the old file or the new one and
 * never half of one. Also the bounded reads of whole input files. */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static tco_status make_temp(tco_outfile *f, const char *path, tco_diags *diags, int *fd)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    /* Renaming over a device, a FIFO or a socket would replace it with a plain
     * file (as root, -o /dev/null would delete /dev/null): refuse those. */
    struct stat target;
    if (stat(path, &target) == 0 && !S_ISREG(target.st_mode)) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write: %s",
                      S_ISDIR(target.st_mode) ? strerror(EISDIR) : "not a regular file");
        return TCO_ERR_IO;
    }
    size_t len = strlen(path);
    f->tmp = malloc(len + 16);
    if (!f->tmp) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "out of memory");
        return TCO_ERR_NOMEM;
    }
    /* ".NAME.tmpXXXXXX" in the target's directory, so rename stays atomic. */
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(f->tmp, len + 16, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    *fd = mkstemp(f->tmp);
    if (*fd < 0) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write: %s", strerror(errno));
        free(f->tmp);
        f->tmp = NULL;
        return TCO_ERR_IO;
    }
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(*fd, 0666 & ~mask) != 0) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write: %s", strerror(errno));
        close(*fd);
        tco_outfile_abort(f);
        return TCO_ERR_IO;
    }
    return TCO_OK;
}

tco_status tco_outfile_open(tco_outfile *f, const char *path, tco_diags *diags)
{
    int fd;
    tco_status st = make_temp(f, path, diags, &fd);
    if (st != TCO_OK)
        return st;
    f->fp = fdopen(fd, "wb");
    if (!f->fp) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write: %s", strerror(errno));
        close(fd);
        tco_outfile_abort(f);
        return TCO_ERR_IO;
    }
    return TCO_OK;
}

tco_status tco_outfile_reserve(tco_outfile *f, const char *path, tco_diags *diags)
{
    int fd;
    tco_status st = make_temp(f, path, diags, &fd);
    if (st == TCO_OK)
        close(fd);
    return st;
}

tco_status tco_outfile_commit(tco_outfile *f, tco_diags *diags)
{
    int err = 0;
    if (f->fp) {
        if (fflush(f->fp) != 0 || ferror(f->fp) || fsync(fileno(f->fp)) != 0)
            err = errno ? errno : EIO;
        if (fclose(f->fp) != 0 && !err)
            err = errno ? errno : EIO;
        f->fp = NULL;
    }
    if (!err && rename(f->tmp, f->path) != 0)
        err = errno;
    if (err) {
        tco_diags_add(diags, TCO_SEV_ERROR, f->path, 0, NULL, "cannot write: %s",
                      strerror(err));
        tco_outfile_abort(f);
        return TCO_ERR_IO;
    }
    free(f->tmp);
    f->tmp = NULL;
    return TCO_OK;
}

void tco_outfile_abort(tco_outfile *f)
{
    if (f->fp) {
        fclose(f->fp);
        f->fp = NULL;
    }
    if (f->tmp) {
        unlink(f->tmp);
        free(f->tmp);
        f->tmp = NULL;
    }
}

tco_status tco_outfile_write(const char *path, tco_stream_fn write, const void *arg,
                             tco_diags *diags)
{
    tco_outfile f;
    tco_status st = tco_outfile_open(&f, path, diags);
    if (st != TCO_OK)
        return st;
    errno = 0; /* a failed write sets it: say why (a full disk) */
    if (write(f.fp, arg) != TCO_OK) {
        int err = errno;
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write: %s",
                      err ? strerror(err) : "output error");
        tco_outfile_abort(&f);
        return TCO_ERR_IO;
    }
    return tco_outfile_commit(&f, diags);
}

int tco_utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        int n;
        if (*p < 0x80) {
            p++;
            continue;
        } else if (*p >= 0xC2 && *p <= 0xDF) {
            n = 1, cp = *p & 0x1F;
        } else if (*p >= 0xE0 && *p <= 0xEF) {
            n = 2, cp = *p & 0x0F;
        } else if (*p >= 0xF0 && *p <= 0xF4) {
            n = 3, cp = *p & 0x07;
        } else {
            return 0;
        }
        for (int i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        p += n + 1;
    }
    return 1;
}

tco_status tco_read_all(FILE *f, size_t limit, size_t extra, char **buf, size_t *size)
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

/* See internal.h. */
tco_status tco_read_file(const char *path, char **buf, size_t *size, tco_diags *diags)
{
    *buf = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot open: %s", strerror(errno));
        return TCO_ERR_IO;
    }
    int err = 0;
    tco_status st = tco_read_all(f, TCO_MAX_FILE, 1, buf, size);
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
