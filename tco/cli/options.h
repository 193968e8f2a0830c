/* options.h - the tool's command line, one table: every command with its
 * synopsis and description, every option with its long name, short letter,
 * argument, help text and the commands it applies to, and the environment
 * variables the tool reads. From it come `tco --help`, `tco COMMAND --help`,
 * the getopt_long arrays that parse each command (cli_parse), and the bash,
 * zsh and fish completions (complete.c). Adding a command is a row of
 * cli_commands, its options' rows (or their bit in rows that exist) and its
 * handler in main.c; adding an option is a row and its case in main.c's
 * parser. */
#ifndef TCO_CLI_OPTIONS_H
#define TCO_CLI_OPTIONS_H

#include <stdio.h>

/* The commands, in the order of the help. CLI_CMD_NONE is `tco` itself,
 * before a command (`tco --help`, `tco --version`). */
typedef enum cli_cmd {
    CLI_CMD_NONE,
    CLI_CMD_REPORT,
    CLI_CMD_VALIDATE,
    CLI_CMD_CATALOG,
    CLI_CMD_COMPARE,
    CLI_CMD_IMPORT,
    CLI_CMD_INIT,
    CLI_CMD_COMPLETION,
    CLI_CMD_COUNT
} cli_cmd;

/* The bit of a command in cli_option.commands. */
#define CLI_BIT(cmd) (1u << (cmd))
/* Every command but CLI_CMD_NONE. */
#define CLI_ALL_CMDS (((1u << CLI_CMD_COUNT) - 1) & ~CLI_BIT(CLI_CMD_NONE))

/* One command. */
typedef struct cli_command {
    const char *name;     /* as typed: "report" */
    const char *operands; /* its operands in the help's Commands list: "SCENARIO.ini" */
    const char *synopsis; /* its usage after "tco NAME ", options included */
    const char *summary;  /* one line in `tco --help`'s Commands list */
    const char *about;    /* a paragraph for `tco NAME --help` */
    const char *files;    /* extensions its operands complete with, "ini xml"; NULL:
                             the operands are words (`values`) */
    const char *values;   /* the words its operands complete with, or NULL */
    int min_operands;     /* operands it needs */
    int max_operands;     /* operands it takes */
    int hidden;           /* 1: not in the help's Commands list nor completed */
} cli_command;

/* The options, in the order of the help. */
typedef enum cli_opt {
    CLI_O_OUTPUT,
    CLI_O_FORMAT,
    CLI_O_CATALOG,
    CLI_O_TEMPLATE,
    CLI_O_MONTHLY,
    CLI_O_FISCAL_YEARS,
    CLI_O_STATEMENTS,
    CLI_O_SCENARIO,
    CLI_O_DIFF,
    CLI_O_FAIL_ABOVE,
    CLI_O_GPU,
    CLI_O_COUNT_GPUS,
    CLI_O_VS,
    CLI_O_HORIZON,
    CLI_O_SITE,
    CLI_O_WORKLOAD,
    CLI_O_GPU_PRICE,
    /* tco catalog's filters (--gpu is init's row, which catalog shares) */
    CLI_O_PROVIDER,
    CLI_O_PRICING,
    CLI_O_REGION,
    CLI_O_MAX_PRICE,
    /* tco catalog import's own (--gpu, --provider and --region are shared) */
    CLI_O_FROM,
    CLI_O_AS_OF,
    CLI_O_SOURCE,
    CLI_O_MIN_GPUS,
    CLI_O_QUIET,
    CLI_O_STRICT,
    CLI_O_VERBOSE,
    CLI_O_HELP,
    CLI_O_VERSION,
    CLI_O_COUNT
} cli_opt;

/* One option. */
typedef struct cli_option {
    const char *name;   /* the long name without "--": "output" */
    char letter;        /* the short letter, or 0 */
    const char *arg;    /* the argument's name ("FILE"), or NULL: it takes none */
    const char *help;   /* its help: the first clause (to the first ';') is
                           the completions' description */
    unsigned commands;  /* the commands it applies to (CLI_BIT) */
    const char *values; /* the words its argument completes with, or NULL */
    const char *files;  /* the extensions its argument completes with ("xml"),
                           "*" for any file, NULL for none */
    int repeat;         /* 1: it may be given more than once, each adding */
} cli_option;

/* An environment variable the tool or the library reads. */
typedef struct cli_env {
    const char *name; /* "SOURCE_DATE_EPOCH" */
    const char *help;
} cli_env;

extern const cli_command cli_commands[CLI_CMD_COUNT];
extern const cli_option cli_options[CLI_O_COUNT];
extern const cli_env cli_envs[];
extern const size_t cli_n_envs;

/* The command named `name`, or CLI_CMD_NONE (hidden commands included). */
cli_cmd cli_command_find(const char *name);

/* The visible command closest to `name` (tco_suggest), or NULL. */
const char *cli_command_suggest(const char *name);

/* Print `tco --help` (cmd CLI_CMD_NONE: the commands and every option), or
 * `tco CMD --help` (its usage, its description and its options only), the
 * environment and the exit status, to out. */
void cli_help(FILE *out, cli_cmd cmd);

/* cli_help to standard output through cli_emit, so that a write that fails
 * is said with its reason at exit (output.h). Returns an exit status. */
int cli_print_help(cli_cmd cmd);

/* One option met by cli_parse: its id and its argument (NULL when it takes
 * none). */
typedef struct cli_parsed {
    cli_opt opt;
    const char *arg;
} cli_parsed;

/* Called for each option in the order given; returns -1 to go on, else an
 * exit status that ends the parse. */
typedef int (*cli_option_fn)(void *user, cli_parsed p);

/* Parse argv[0..argc) (argv[0] the command's name) for command cmd with
 * getopt_long and GNU conventions: a long option by any unique prefix, its
 * argument after '=' or as the next word, short options grouped (-qv), a
 * short option's argument attached (-oFILE) or the next word, operands
 * anywhere, and "--" ending the options. Calls fn for each option, stores
 * the operands in operands[0..*n) (at most the command's max_operands).
 * Returns -1 to go on, the exit status fn returned, or CLI_EXIT_USAGE after
 * saying a usage error (an unknown option, with the closest one; an
 * ambiguous prefix, with its candidates; a missing or unexpected argument; an
 * operand too many). argv may be reordered. */
int cli_parse(cli_cmd cmd, int argc, char **argv, cli_option_fn fn, void *user,
              const char **operands, int *n);

/* Say a usage error on stderr: "tco: " and fmt, which holds one %s for arg
 * (a command-line argument, shown escaped by tco_text_escape), then where to
 * find help. Returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, const char *arg);

/* Print the completion script for `shell` (bash, zsh or fish) to out, from
 * the tables above (complete.c). Returns 0, or -1 for another shell. */
int cli_completion(FILE *out, const char *shell);

/* 1 when `shell` is one cli_completion knows. */
int cli_completion_known(const char *shell);

#endif /* TCO_CLI_OPTIONS_H */
