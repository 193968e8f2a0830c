/* output.c - where the tool's outputs go: a file written atomically by the
 * library, a workbook written in a child process, or standard output; and the
 * one check that standard output took everything the tool printed. */
#include "cli/output.h"
#include "tco.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <stdio_ext.h>
#endif

/* A write to standard output failed (cli_emit), and why (0: unknown). */
static int stdout_lost, stdout_errno;

/* See documentation in output.h. */
void cli_output_start(void)
{
    signal(SIGXFSZ, SIG_IGN);
}

/* See documentation in output.h. */
int cli_output_end(int rc)
{
    int pending = 1; /* bytes still in the buffer */
#if defined(__GLIBC__)
    pending = __fpending(stdout) > 0;
#endif
    int failed = stdout_lost || ferror(stdout), err = stdout_errno;
    errno = 0;
    if (fclose(stdout) != 0) {
        /* A closed descriptor that nothing was written to loses nothing. */
        if (pending || errno != EBADF || failed)
            failed = 1;
        if (!err)
            err = errno;
    }
    if (!failed)
        return rc;
    if (err)
        fprintf(stderr, "tco: error: cannot write to standard output: %s\n", strerror(err));
    else
        fputs("tco: error: cannot write to standard output\n", stderr);
    return rc == CLI_EXIT_OK ? CLI_EXIT_RUNTIME : rc;
}

/* 1 when standard output is a regular file and `path` leads to it
 * (/dev/stdout, /proc/self/fd/1, its own name): written through standard
 * output, so that `>> log` appends rather than being replaced. */
static int is_standard_output(const char *path)
{
    struct stat p, o;
    return fstat(STDOUT_FILENO, &o) == 0 && S_ISREG(o.st_mode) && stat(path, &p) == 0 &&
           p.st_dev == o.st_dev && p.st_ino == o.st_ino;
}

/* See documentation in output.h. */
int cli_emit(const char *path, tco_write_fn write, const void *arg, tco_diags *d)
{
    if (path && strcmp(path, "-") != 0 && !is_standard_output(path))
        return tco_write_atomic(path, write, arg, d) == TCO_OK ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
    errno = 0;
    tco_status st = write(stdout, arg);
    if (st == TCO_OK && fflush(stdout) != 0)
        st = TCO_ERR_IO;
    if (st == TCO_OK)
        return CLI_EXIT_OK;
    stdout_lost = 1; /* said once, by cli_output_end */
    if (!stdout_errno)
        stdout_errno = errno;
    return CLI_EXIT_RUNTIME;
}

/* ===== Workbooks, written in a child process ===== */

/* What cli_emit_book asked for. */
typedef struct book_job {
    const char *path; /* the target, named in messages */
    cli_book_fn write;
    const void *arg;
    tco_diags *diags;
} book_job;

/* The child: write the workbook to the pipe `data` (the library writes it
 * in `dir` first, through TMPDIR, then copies it there), then send its
 * messages and status to `msg` as lines "SEVERITY LINE MESSAGE" and a last
 * "= STATUS", and exit. When the tool was killed meanwhile, the copy finds no
 * reader and fails, the library removes its file, and the child removes
 * `dir`: nothing is left behind. */
static void run_child(int data, int msg, pid_t parent, const char *dir, const book_job *j)
{
    signal(SIGXFSZ, SIG_DFL); /* past the size limit, end here: no cut sheet */
    signal(SIGPIPE, SIG_IGN); /* a reader gone is an error, not the end */
    if (getppid() != parent || setenv("TMPDIR", dir, 1) != 0)
        _exit(1);
    char book[32];
    snprintf(book, sizeof book, "/dev/fd/%d", data);
    tco_diags *d = tco_diags_new();
    tco_status st = d ? j->write(book, j->arg, d) : TCO_ERR_NOMEM;
    close(data);
    if (getppid() != parent) {
        rmdir(dir);
        _exit(1);
    }
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        const tco_diag *g = tco_diags_get(d, i);
        dprintf(msg, "%d %d %s\n", (int)g->severity, g->line, g->message);
    }
    dprintf(msg, "= %d\n", (int)st);
    _exit(0); /* the parent's buffers and atexit handlers are not the child's */
}

/* Copy what arrives on fd to out, to the end. Returns 0, or the errno value
 * of the first failure to write (the rest is read and dropped). */
static int copy_pipe(int fd, FILE *out)
{
    char buf[65536];
    int err = 0;
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return err ? err : errno;
        }
        errno = 0;
        if (!err && fwrite(buf, 1, (size_t)n, out) != (size_t)n)
            err = errno ? errno : EIO;
    }
    return err;
}

/* Everything the child sent on fd, NUL-terminated (NULL when out of memory;
 * the pipe is read to its end all the same). */
static char *read_all(int fd)
{
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap), chunk[4096];
    ssize_t n;
    while ((n = read(fd, chunk, sizeof chunk)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (buf && len + (size_t)n + 1 > cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more) {
                free(buf);
                buf = NULL;
            } else {
                buf = more;
            }
        }
        if (buf) {
            memcpy(buf + len, chunk, (size_t)n);
            len += (size_t)n;
        }
    }
    if (buf)
        buf[len] = '\0';
    return buf;
}

/* The child's lines into diags, about j->path; its status, or -1 when the
 * last line is missing. A line "= STATUS" is the status, a line "SEVERITY
 * LINE MESSAGE" a diagnostic (run_child). */
static int take_messages(char *buf, const book_job *j)
{
    int status = -1;
    for (char *line = buf, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        int sev, lineno;
        const char *at;
        if (line[0] == '=' && tco_parse_int(line + 1, &status, &at))
            continue;
        if (tco_parse_int(line, &sev, &at) && tco_parse_int(at, &lineno, &at))
            tco_diags_add(j->diags, (tco_severity)sev, j->path, lineno, NULL, "%s",
                          at + strspn(at, " \t\n\v\f\r"));
    }
    return status;
}

/* Run the workbook writer in a child, its temporary files in `dir`, and
 * copy the workbook to out. Returns its status; a child that did not finish,
 * or a failure to start it, is described in j->diags; a failure to write to
 * out leaves errno set. */
static tco_status run_writer(const book_job *j, const char *dir, FILE *out)
{
    int data[2], msg[2];
    if (pipe(data) != 0) {
        tco_diags_add(j->diags, TCO_SEV_ERROR, j->path, 0, NULL,
                      "cannot start the workbook writer: %s", strerror(errno));
        return TCO_ERR_IO;
    }
    if (pipe(msg) != 0) {
        int err = errno;
        close(data[0]);
        close(data[1]);
        tco_diags_add(j->diags, TCO_SEV_ERROR, j->path, 0, NULL,
                      "cannot start the workbook writer: %s", strerror(err));
        return TCO_ERR_IO;
    }
    pid_t parent = getpid(), pid = fork();
    if (pid == 0) {
        close(data[0]);
        close(msg[0]);
        run_child(data[1], msg[1], parent, dir, j);
    }
    int err = errno;
    close(data[1]);
    close(msg[1]);
    int copy_err = pid > 0 ? copy_pipe(data[0], out) : 0;
    char *buf = pid > 0 ? read_all(msg[0]) : NULL;
    close(data[0]);
    close(msg[0]);
    if (pid < 0) {
        tco_diags_add(j->diags, TCO_SEV_ERROR, j->path, 0, NULL,
                      "cannot start the workbook writer: %s", strerror(err));
        return TCO_ERR_IO;
    }
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
        continue;
    int status = buf && WIFEXITED(ws) ? take_messages(buf, j) : -1;
    free(buf);
    if (status == TCO_OK && copy_err) {
        errno = copy_err; /* tco_write_atomic says why */
        return TCO_ERR_IO;
    }
    if (status >= 0)
        return (tco_status)status;
    if (WIFSIGNALED(ws) && WTERMSIG(ws) == SIGXFSZ)
        tco_diags_add(j->diags, TCO_SEV_ERROR, j->path, 0, NULL, "cannot write: %s",
                      strerror(EFBIG));
    else if (WIFSIGNALED(ws))
        tco_diags_add(j->diags, TCO_SEV_ERROR, j->path, 0, NULL,
                      "the workbook writer failed (killed by signal %d: %s)", WTERMSIG(ws),
                      strsignal(WTERMSIG(ws)));
    else
        tco_diags_add(j->diags, TCO_SEV_ERROR, j->path, 0, NULL,
                      "the workbook writer failed (exit status %d)",
                      WIFEXITED(ws) ? WEXITSTATUS(ws) : -1);
    return buf ? TCO_ERR_IO : TCO_ERR_NOMEM;
}

/* Remove the private directory and whatever a killed writer left in it. */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[8192];
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* A stream writer for tco_write_atomic: the workbook, written by a child
 * with its temporary files in a private directory, copied to out. */
static tco_status book_to(FILE *out, const void *arg)
{
    const book_job *j = arg;
    const char *tmpdir = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tco-XXXXXX", tmpdir && tmpdir[0] == '/' ? tmpdir : "/tmp");
    if (!mkdtemp(dir)) {
        tco_diags_add(j->diags, TCO_SEV_ERROR, j->path, 0, NULL,
                      "cannot write: cannot create a temporary directory: %s", strerror(errno));
        return TCO_ERR_IO;
    }
    tco_status st = run_writer(j, dir, out);
    int err = errno;
    remove_dir(dir);
    errno = err;
    return st;
}

/* See documentation in output.h. */
int cli_emit_book(const char *path, cli_book_fn write, const void *arg, tco_diags *d)
{
    book_job j = {path, write, arg, d};
    tco_status st = tco_write_atomic(path, book_to, &j, d);
    return st == TCO_OK                                 ? CLI_EXIT_OK
           : st == TCO_ERR_INPUT || st == TCO_ERR_LIMIT ? CLI_EXIT_USAGE
                                                        : CLI_EXIT_RUNTIME;
}
