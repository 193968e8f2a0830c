/* outfile.c - atomic output: write a temporary file beside the target, then
 * rename it over the target, so readers see the old file or the new one and
 * never half of one. */
#include "util/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "cannot write: WHY" about f's target; then fd is closed (unless it is -1)
 * and the temporary file removed. Returns TCO_ERR_IO. */
static tco_status cannot_write(tci_outfile *f, int fd, const char *why, tco_diags *diags)
{
    tco_diags_add(diags, TCO_SEV_ERROR, f->path, 0, NULL, "cannot write: %s", why);
    if (fd >= 0)
        close(fd);
    tci_outfile_abort(f);
    return TCO_ERR_IO;
}

static tco_status make_temp(tci_outfile *f, const char *path, tco_diags *diags, int *fd)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    /* Renaming over a device, a FIFO or a socket would replace it with a plain
     * file (as root, -o /dev/null would delete /dev/null): refuse those. */
    struct stat target;
    if (stat(path, &target) == 0 && !S_ISREG(target.st_mode)) {
        const char *why = S_ISDIR(target.st_mode) ? strerror(EISDIR) : "not a regular file";
        return cannot_write(f, -1, why, diags);
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
        int err = errno;
        free(f->tmp); /* not removed: the name may be another's file */
        f->tmp = NULL;
        return cannot_write(f, -1, strerror(err), diags);
    }
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(*fd, 0666 & ~mask) != 0)
        return cannot_write(f, *fd, strerror(errno), diags);
    return TCO_OK;
}

tco_status tci_outfile_open(tci_outfile *f, const char *path, tco_diags *diags)
{
    int fd;
    tco_status st = make_temp(f, path, diags, &fd);
    if (st != TCO_OK)
        return st;
    f->fp = fdopen(fd, "wb");
    if (!f->fp)
        return cannot_write(f, fd, strerror(errno), diags);
    return TCO_OK;
}

tco_status tci_outfile_reserve(tci_outfile *f, const char *path, tco_diags *diags)
{
    int fd;
    tco_status st = make_temp(f, path, diags, &fd);
    if (st == TCO_OK)
        close(fd);
    return st;
}

tco_status tci_outfile_commit(tci_outfile *f, tco_diags *diags)
{
    int err = 0;
    if (f->fp) {
        if (fflush(f->fp) != 0 || ferror(f->fp) || fsync(fileno(f->fp)) != 0)
            err = errno ? errno : EIO;
        if (fclose(f->fp) != 0 && !err)
            err = errno ? errno : EIO;
        f->fp = NULL;
    } else {
        /* Reserved: the writer that filled the file (libxlsxwriter) closed it
         * without syncing. Sync it by name before the rename, or a crash could
         * leave the target renamed but empty. */
        int fd = open(f->tmp, O_RDONLY);
        if (fd < 0 || fsync(fd) != 0)
            err = errno ? errno : EIO;
        if (fd >= 0)
            close(fd);
    }
    if (!err && rename(f->tmp, f->path) != 0)
        err = errno;
    if (err)
        return cannot_write(f, -1, strerror(err), diags);
    free(f->tmp);
    f->tmp = NULL;
    return TCO_OK;
}

void tci_outfile_abort(tci_outfile *f)
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

/* See documentation in tco.h. */
tco_status tco_write_atomic(const char *path, tco_write_fn write, const void *arg, tco_diags *diags)
{
    if (!path || !write)
        return TCO_ERR_ARG;
    tci_outfile f;
    tco_status st = tci_outfile_open(&f, path, diags);
    if (st != TCO_OK)
        return st;
    errno = 0; /* a failed write sets it: say why (a full disk) */
    if (write(f.fp, arg) != TCO_OK)
        return cannot_write(&f, -1, errno ? strerror(errno) : "output error", diags);
    return tci_outfile_commit(&f, diags);
}
