/* outfile.c - atomic output: write a temporary file beside the target, then
 * rename it over the target, so readers see the old file or the new one and
 * never half of one. Devices and FIFOs are written in place. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "util/outfile.h"
#include "util/utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef NAME_MAX
#define NAME_MAX 255
#endif

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

static tco_status out_of_memory(tci_outfile *f, tco_diags *diags)
{
    tco_diags_add(diags, TCO_SEV_ERROR, f->path, 0, NULL, "out of memory");
    tci_outfile_abort(f);
    return TCO_ERR_NOMEM;
}

/* Look at what is at `path` and decide how it is written: in place (a
 * character device or a FIFO), or through a temporary file renamed over
 * f->dest (the path, or the file a symbolic link there leads to, so that the
 * link stays). A regular file's mode and owner are noted, to be kept. */
static tco_status examine(tci_outfile *f, const char *path, tco_diags *diags)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    struct stat st, link;
    if (stat(path, &st) != 0) {
        /* A new file; any other reason is mkstemp's to report. */
        if (errno == ENOENT && lstat(path, &link) == 0 && S_ISLNK(link.st_mode))
            return cannot_write(f, -1, "the symbolic link leads to nothing", diags);
        f->dest = strdup(path);
        return f->dest ? TCO_OK : out_of_memory(f, diags);
    }
    if (S_ISDIR(st.st_mode))
        return cannot_write(f, -1, strerror(EISDIR), diags);
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
        f->direct = 1;
        return TCO_OK;
    }
    if (!S_ISREG(st.st_mode))
        return cannot_write(f, -1, "not a regular file, a character device or a FIFO", diags);
    f->existed = 1;
    f->mode = st.st_mode & 07777;
    f->uid = st.st_uid;
    f->gid = st.st_gid;
    if (lstat(path, &link) == 0 && S_ISLNK(link.st_mode)) {
        f->dest = realpath(path, NULL);
        if (!f->dest)
            return errno == ENOMEM ? out_of_memory(f, diags)
                                   : cannot_write(f, -1, strerror(errno), diags);
    } else {
        f->dest = strdup(path);
        if (!f->dest)
            return out_of_memory(f, diags);
    }
    return TCO_OK;
}

/* Open the device or FIFO at f->path for writing into *fd. A FIFO that no
 * process reads would block the open for ever: O_NONBLOCK makes it fail
 * (ENXIO) instead, and is cleared once the open succeeded. */
static tco_status open_direct(tci_outfile *f, int *fd, tco_diags *diags)
{
    *fd = open(f->path, O_WRONLY | O_NOCTTY | O_NONBLOCK);
    if (*fd < 0) {
        int err = errno;
        return cannot_write(f, -1, err == ENXIO ? "no reader on the FIFO" : strerror(err), diags);
    }
    struct stat st;
    if (fstat(*fd, &st) != 0 || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)))
        return cannot_write(f, *fd, "the file changed while it was opened", diags);
    int flags = fcntl(*fd, F_GETFL);
    if (flags == -1 || fcntl(*fd, F_SETFL, flags & ~O_NONBLOCK) == -1)
        return cannot_write(f, *fd, strerror(errno), diags);
    return TCO_OK;
}

/* ".NAME.XXXXXX" beside dest, NAME cut on a character boundary so that the
 * whole name fits in NAME_MAX bytes whatever the length of the target's. */
static char *temp_beside(const char *dest)
{
    const char *slash = strrchr(dest, '/');
    size_t dirlen = slash ? (size_t)(slash - dest) + 1 : 0;
    const char *name = dest + dirlen;
    size_t keep = strlen(name);
    if (keep > NAME_MAX - 8)
        keep = tci_utf8_cut(name, NAME_MAX - 8);
    size_t size = dirlen + keep + 9;
    char *tmp = malloc(size);
    if (tmp)
        snprintf(tmp, size, "%.*s.%.*s.XXXXXX", (int)dirlen, dest, (int)keep, name);
    return tmp;
}

/* "tco-XXXXXX" in $TMPDIR (or /tmp): where a workbook for a device or a FIFO
 * is written before it is copied there. */
static char *temp_in_tmpdir(void)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || dir[0] != '/')
        dir = "/tmp";
    size_t size = strlen(dir) + sizeof "/tco-XXXXXX";
    char *tmp = malloc(size);
    if (tmp)
        snprintf(tmp, size, "%s/tco-XXXXXX", dir);
    return tmp;
}

/* Create the temporary file (*fd open on it): beside f->dest with the mode
 * and owner of the file it replaces, or the mode of a new file (0666 less the
 * umask); for a device or a FIFO, in the temporary directory. */
static tco_status make_temp(tci_outfile *f, int *fd, tco_diags *diags)
{
    f->tmp = f->direct ? temp_in_tmpdir() : temp_beside(f->dest);
    if (!f->tmp)
        return out_of_memory(f, diags);
    *fd = mkstemp(f->tmp);
    if (*fd < 0) {
        int err = errno;
        free(f->tmp); /* not removed: the name may be another's file */
        f->tmp = NULL;
        return cannot_write(f, -1, strerror(err), diags);
    }
    if (f->direct)
        return TCO_OK; /* private, 0600, removed after the copy */
    mode_t mode = f->mode;
    if (f->existed) {
        /* The owner can be given back only by root; the group also by an
         * owner who belongs to it. Anything else keeps the writer's. */
        if (fchown(*fd, f->uid, f->gid) != 0 && fchown(*fd, (uid_t)-1, f->gid) != 0) {
            /* not permitted: the file stays the writer's */
        }
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(*fd, mode) != 0)
        return cannot_write(f, *fd, strerror(errno), diags);
    return TCO_OK;
}

tco_status tci_outfile_open(tci_outfile *f, const char *path, tco_diags *diags)
{
    tco_status st = examine(f, path, diags);
    if (st != TCO_OK)
        return st;
    int fd;
    st = f->direct ? open_direct(f, &fd, diags) : make_temp(f, &fd, diags);
    if (st != TCO_OK)
        return st;
    f->fp = fdopen(fd, "wb");
    if (!f->fp)
        return cannot_write(f, fd, strerror(errno), diags);
    return TCO_OK;
}

tco_status tci_outfile_reserve(tci_outfile *f, const char *path, tco_diags *diags)
{
    tco_status st = examine(f, path, diags);
    if (st != TCO_OK)
        return st;
    int fd;
    st = make_temp(f, &fd, diags);
    if (st == TCO_OK)
        close(fd);
    return st;
}

/* Write all of buf to fd. Returns 0, or an errno value. */
static int write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? errno : EIO;
        buf += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Copy the reserved file f->tmp to the device or FIFO. Returns 0 or an errno
 * value; a failure to open the target is already in diags (-1). */
static int copy_to_target(tci_outfile *f, tco_diags *diags)
{
    int in = open(f->tmp, O_RDONLY);
    if (in < 0)
        return errno;
    int out;
    if (open_direct(f, &out, diags) != TCO_OK) {
        close(in);
        return -1;
    }
    size_t size = 65536;
    char *buf = malloc(size);
    int err = buf ? 0 : ENOMEM;
    ssize_t n;
    while (!err && (n = read(in, buf, size)) != 0) {
        if (n < 0)
            err = errno == EINTR ? 0 : errno;
        else
            err = write_all(out, buf, (size_t)n);
    }
    free(buf);
    close(in);
    if (close(out) != 0 && !err)
        err = errno;
    return err;
}

tco_status tci_outfile_commit(tci_outfile *f, tco_diags *diags)
{
    int err = 0;
    if (f->fp) {
        /* A device or a FIFO has nothing to sync (fsync fails with EINVAL). */
        if (fflush(f->fp) != 0 || ferror(f->fp) || (!f->direct && fsync(fileno(f->fp)) != 0))
            err = errno ? errno : EIO;
        if (fclose(f->fp) != 0 && !err)
            err = errno ? errno : EIO;
        f->fp = NULL;
    } else if (f->direct) {
        err = copy_to_target(f, diags);
        if (err < 0)
            return TCO_ERR_IO; /* said, and f released, by open_direct */
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
    if (!err && !f->direct && rename(f->tmp, f->dest) != 0)
        err = errno;
    if (err)
        return cannot_write(f, -1, strerror(err), diags);
    if (!f->direct) { /* renamed: nothing to remove */
        free(f->tmp);
        f->tmp = NULL;
    }
    tci_outfile_abort(f);
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
    free(f->dest);
    f->dest = NULL;
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
    size_t errors = tco_diags_errors(diags);
    errno = 0; /* a failed write sets it: say why (a full disk) */
    st = write(f.fp, arg);
    if (st == TCO_OK)
        return tci_outfile_commit(&f, diags);
    /* The writer said why, or ran out of memory (which is no fault of the file). */
    if (tco_diags_errors(diags) > errors || st == TCO_ERR_NOMEM) {
        tci_outfile_abort(&f);
        return st;
    }
    return cannot_write(&f, -1, errno ? strerror(errno) : "output error", diags);
}
