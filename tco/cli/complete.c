/* complete.c - `tco completion bash|zsh|fish`: the shells' completion
 * scripts, made from the table of commands and options (options.h), so that
 * a command or an option added to the table is completed with no other
 * change. The files under completions/ are this output
 * (tests/completion/test_generated.sh). */
#include "cli/options.h"

#include <string.h>

/* ===== What the scripts share ===== */

/* The first clause of an option's help (to the first ';'): its description. */
static int brief_len(const char *help)
{
    return (int)strcspn(help, ";");
}

/* Write n bytes of s inside a single-quoted word of a POSIX shell (bash, zsh):
 * a quote closes the word, is escaped and opens it again. In zsh's
 * descriptions between brackets, `brackets` escapes [ and ] too. */
static void put_sq(FILE *out, const char *s, int n, int brackets)
{
    for (int i = 0; i < n && s[i]; i++) {
        if (s[i] == '\'')
            fputs("'\\''", out);
        else if (brackets && (s[i] == '[' || s[i] == ']'))
            fprintf(out, "\\%c", s[i]);
        else
            fputc(s[i], out);
    }
}

/* Each word of the space-separated list `words`, as fmt (one %.*s) gives it. */
static void put_each(FILE *out, const char *words, const char *fmt)
{
    for (const char *p = words; *p;) {
        int len = (int)strcspn(p, " ");
        fprintf(out, fmt, len, p);
        p += len;
        while (*p == ' ')
            p++;
    }
}

static int applies(const cli_option *o, int cmd)
{
    return (o->commands & CLI_BIT(cmd)) != 0;
}

/* ===== bash ===== */

static const char bash_head[] =
    "# bash completion for tco(1)                                  -*- shell-script -*-\n"
    "#\n"
    "# Made by `tco completion bash` from the tool's table of commands and options\n"
    "# (tco/cli/options.c): do not edit. Installed as\n"
    "# share/bash-completion/completions/tco, where bash-completion loads it on first\n"
    "# use; or source it from ~/.bashrc.\n"
    "#\n"
    "# Completes the command, each command's options, the values of an option that\n"
    "# has a list of them, and files of the extensions each command and option\n"
    "# reads.\n"
    "\n"
    "# Add the files of the extensions given (\"ini xml\") and every directory, so\n"
    "# the user can walk into one.\n"
    "_tco_files()\n"
    "{\n"
    "    local cur=$1 ext\n"
    "    shift\n"
    "    for ext in \"$@\"; do\n"
    "        COMPREPLY+=($(compgen -f -X \"!*.$ext\" -- \"$cur\"))\n"
    "    done\n"
    "    COMPREPLY+=($(compgen -d -- \"$cur\"))\n"
    "    compopt -o filenames 2>/dev/null\n"
    "}\n"
    "\n"
    "_tco()\n"
    "{\n"
    "    local cur prev cmd i opts\n"
    "    COMPREPLY=()\n"
    "    cur=${COMP_WORDS[COMP_CWORD]}\n"
    "    prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
    "    # COMP_WORDBREAKS splits --format=json into \"--format\" \"=\" \"json\".\n"
    "    if [[ $cur == = ]]; then\n"
    "        prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
    "        cur=\n"
    "    elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then\n"
    "        prev=${COMP_WORDS[COMP_CWORD - 2]}\n"
    "    fi\n"
    "\n"
    "    # The command is the first word after tco that is not an option.\n"
    "    cmd=\n"
    "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
    "        case ${COMP_WORDS[i]} in\n";

/* "-o | --output" for option o. */
static void bash_names(FILE *out, const cli_option *o, const char *sep)
{
    if (o->letter)
        fprintf(out, "-%c%s", o->letter, sep);
    fprintf(out, "--%s", o->name);
}

static void bash(FILE *out)
{
    fputs(bash_head, out);
    fputs("        ", out);
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++)
        fprintf(out, "%s%s", c > CLI_CMD_NONE + 1 ? " | " : "", cli_commands[c].name);
    fputs(")\n"
          "            cmd=${COMP_WORDS[i]}\n"
          "            break\n"
          "            ;;\n"
          "        esac\n"
          "    done\n"
          "\n"
          "    # Values of options.\n"
          "    case $prev in\n",
          out);
    for (int k = 0; k < CLI_O_COUNT; k++) {
        const cli_option *o = &cli_options[k];
        if (!o->arg)
            continue;
        fputs("    ", out);
        bash_names(out, o, " | ");
        fputs(")\n", out);
        if (o->values)
            fprintf(out, "        COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"))\n", o->values);
        else if (o->files && strcmp(o->files, "*") == 0)
            fputs("        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
                  "        compopt -o filenames 2>/dev/null\n",
                  out);
        else if (o->files)
            fprintf(out, "        _tco_files \"$cur\" %s\n", o->files);
        fputs("        return\n        ;;\n", out);
    }
    fputs("    esac\n\n    case $cmd in\n", out);
    for (int c = CLI_CMD_NONE; c < CLI_CMD_COUNT; c++) {
        fprintf(out, "    %s) opts=\"", c == CLI_CMD_NONE ? "''" : cli_commands[c].name);
        const char *sep = "";
        for (int k = 0; k < CLI_O_COUNT; k++)
            if (applies(&cli_options[k], c)) {
                fputs(sep, out);
                bash_names(out, &cli_options[k], " ");
                sep = " ";
            }
        fputs("\" ;;\n", out);
    }
    fputs("    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "\n"
          "    # The operands: a command, or what the command reads.\n"
          "    case $cmd in\n"
          "    '') COMPREPLY=($(compgen -W \"",
          out);
    const char *sep = "";
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++)
        if (!cli_commands[c].hidden) {
            fprintf(out, "%s%s", sep, cli_commands[c].name);
            sep = " ";
        }
    fputs("\" -- \"$cur\")) ;;\n", out);
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++) {
        const cli_command *m = &cli_commands[c];
        if (m->files)
            fprintf(out, "    %s) _tco_files \"$cur\" %s ;;\n", m->name, m->files);
        else if (m->values)
            fprintf(out, "    %s) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")) ;;\n", m->name,
                    m->values);
    }
    fputs("    esac\n"
          "} &&\n"
          "    complete -F _tco tco\n"
          "\n"
          "# ex: filetype=sh\n",
          out);
}

/* ===== zsh ===== */

/* _files of the extensions `files` ("ini xml"): _files -g "*.(ini|xml)(-.)". */
static void zsh_files(FILE *out, const char *files)
{
    int many = strchr(files, ' ') != NULL;
    fputs("_files -g \"*.", out);
    if (many)
        fputc('(', out);
    for (const char *p = files; *p; p++)
        fputc(*p == ' ' ? '|' : *p, out);
    fputs(many ? ")(-.)\"" : "(-.)\"", out);
}

/* The _arguments spec of option o, one line. */
static void zsh_option(FILE *out, const cli_option *o)
{
    const char *rep = o->repeat ? "*" : "";
    fputs("        ", out);
    if (o->letter)
        fprintf(out, "'(-%c --%s)'{-%c%s,--%s%s}'", o->letter, o->name, o->letter,
                o->arg ? "+" : "", o->name, o->arg ? "=" : "");
    else
        fprintf(out, "'%s--%s%s", rep, o->name, o->arg ? "=" : "");
    fputc('[', out);
    put_sq(out, o->help, brief_len(o->help), 1);
    fputc(']', out);
    if (o->arg) {
        fprintf(out, ":%s:", o->arg);
        if (o->values)
            fprintf(out, "(%s)", o->values);
        else if (o->files && strcmp(o->files, "*") == 0)
            fputs("_files", out);
        else if (o->files)
            zsh_files(out, o->files);
    }
    fputs("' \\\n", out);
}

static void zsh(FILE *out)
{
    fputs("#compdef tco\n"
          "# zsh completion for tco(1): made by `tco completion zsh` from the tool's table\n"
          "# of commands and options (tco/cli/options.c): do not edit. Installed as\n"
          "# share/zsh/site-functions/_tco, which compinit finds on $fpath.\n"
          "\n"
          "local curcontext=$curcontext state line ret=1\n"
          "typeset -A opt_args\n"
          "\n"
          "_arguments -C \\\n",
          out);
    for (int k = 0; k < CLI_O_COUNT; k++)
        if (applies(&cli_options[k], CLI_CMD_NONE)) {
            const cli_option *o = &cli_options[k];
            if (o->letter)
                fprintf(out, "    '(- *)'{-%c,--%s}'", o->letter, o->name);
            else
                fprintf(out, "    '(- *)--%s", o->name);
            fputc('[', out);
            put_sq(out, o->help, brief_len(o->help), 1);
            fputs("]' \\\n", out);
        }
    fputs("    '1: :->command' \\\n"
          "    '*:: :->operands' && ret=0\n"
          "\n"
          "case $state in\n"
          "command)\n"
          "    local -a commands\n"
          "    commands=(\n",
          out);
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++)
        if (!cli_commands[c].hidden) {
            fprintf(out, "        '%s:", cli_commands[c].name);
            put_sq(out, cli_commands[c].summary, (int)strlen(cli_commands[c].summary), 0);
            fputs("'\n", out);
        }
    fputs("    )\n"
          "    _describe -t commands 'tco command' commands && ret=0\n"
          "    ;;\n"
          "operands)\n"
          "    curcontext=${curcontext%:*:*}:tco-$words[1]:\n"
          "    case $words[1] in\n",
          out);
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++) {
        const cli_command *m = &cli_commands[c];
        fprintf(out, "    %s)\n        _arguments \\\n", m->name);
        for (int k = 0; k < CLI_O_COUNT; k++)
            if (applies(&cli_options[k], c))
                zsh_option(out, &cli_options[k]);
        if (m->files) {
            fputs("        '*:file:", out);
            zsh_files(out, m->files);
            fputs("' \\\n", out);
        } else if (m->values)
            fprintf(out, "        '1:%s:(%s)' \\\n", m->operands, m->values);
        fputs("            && ret=0\n        ;;\n", out);
    }
    fputs("    esac\n"
          "    ;;\n"
          "esac\n"
          "return ret\n",
          out);
}

/* ===== fish ===== */

/* Write s inside a single-quoted fish word: \ and ' escaped. */
static void put_fish(FILE *out, const char *s, int n)
{
    for (int i = 0; i < n && s[i]; i++) {
        if (s[i] == '\'' || s[i] == '\\')
            fputc('\\', out);
        fputc(s[i], out);
    }
}

/* The condition "the command is one of those of `commands`". */
static void fish_seen(FILE *out, unsigned commands)
{
    fputs("'__fish_seen_subcommand_from", out);
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++)
        if (commands & CLI_BIT(c))
            fprintf(out, " %s", cli_commands[c].name);
    fputc('\'', out);
}

/* The argument of `complete -a` for files of the extensions `files`. */
static void fish_files(FILE *out, const char *files)
{
    fputs(" -k -a '(", out);
    put_each(out, files, "__fish_complete_suffix .%.*s; ");
    fputs(")'", out);
}

static void fish(FILE *out)
{
    fputs("# fish completion for tco(1): made by `tco completion fish` from the tool's\n"
          "# table of commands and options (tco/cli/options.c): do not edit. Installed as\n"
          "# share/fish/vendor_completions.d/tco.fish.\n"
          "\n"
          "complete -c tco -f\n"
          "\n"
          "# The commands.\n",
          out);
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++)
        if (!cli_commands[c].hidden) {
            fprintf(out, "complete -c tco -n __fish_use_subcommand -a %s -d '",
                    cli_commands[c].name);
            put_fish(out, cli_commands[c].summary, (int)strlen(cli_commands[c].summary));
            fputs("'\n", out);
        }
    fputs("\n# The options, each with the commands it applies to.\n", out);
    for (int k = 0; k < CLI_O_COUNT; k++) {
        const cli_option *o = &cli_options[k];
        unsigned cmds = o->commands & ~CLI_BIT(CLI_CMD_NONE);
        if (o->commands & CLI_BIT(CLI_CMD_NONE)) {
            fputs("complete -c tco -n __fish_use_subcommand", out);
            if (o->letter)
                fprintf(out, " -s %c", o->letter);
            fprintf(out, " -l %s -d '", o->name);
            put_fish(out, o->help, brief_len(o->help));
            fputs("'\n", out);
        }
        if (!cmds)
            continue;
        fputs("complete -c tco -n ", out);
        fish_seen(out, cmds);
        if (o->letter)
            fprintf(out, " -s %c", o->letter);
        fprintf(out, " -l %s", o->name);
        if (o->values)
            fprintf(out, " -x -a '%s'", o->values);
        else if (o->files && strcmp(o->files, "*") == 0)
            fputs(" -r -F", out);
        else if (o->files) {
            fish_files(out, o->files);
            fputs(" -r", out);
        } else if (o->arg)
            fputs(" -x", out);
        fputs(" -d '", out);
        put_fish(out, o->help, brief_len(o->help));
        fputs("'\n", out);
    }
    fputs("\n# The operands of each command.\n", out);
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++) {
        const cli_command *m = &cli_commands[c];
        if (!m->files && !m->values)
            continue;
        fputs("complete -c tco -n ", out);
        fish_seen(out, CLI_BIT(c));
        if (m->files)
            fish_files(out, m->files);
        else
            fprintf(out, " -x -a '%s'", m->values);
        fputc('\n', out);
    }
}

/* See documentation in options.h. */
int cli_completion(FILE *out, const char *shell)
{
    if (strcmp(shell, "bash") == 0)
        bash(out);
    else if (strcmp(shell, "zsh") == 0)
        zsh(out);
    else if (strcmp(shell, "fish") == 0)
        fish(out);
    else
        return -1;
    return 0;
}

/* See documentation in options.h. */
int cli_completion_known(const char *shell)
{
    return strcmp(shell, "bash") == 0 || strcmp(shell, "zsh") == 0 || strcmp(shell, "fish") == 0;
}
