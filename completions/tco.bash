# bash completion for tco(1)                                  -*- shell-script -*-
#
# Installed as share/bash-completion/completions/tco, where bash-completion
# loads it on first use; or source it from ~/.bashrc.
#
# Completes the command, each command's options, the formats after -f and
# --format, scenario files (*.ini), catalogs and templates (*.xml) and workbooks
# to import (*.xlsx).

# Add the files of the extensions given ("ini xml") and every directory, so
# the user can walk into one.
_tco_files()
{
    local cur=$1 ext
    shift
    for ext in "$@"; do
        COMPREPLY+=($(compgen -f -X "!*.$ext" -- "$cur"))
    done
    COMPREPLY+=($(compgen -d -- "$cur"))
    compopt -o filenames 2>/dev/null
}

_tco()
{
    local cur prev cmd i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    # COMP_WORDBREAKS splits --format=json into "--format" "=" "json".
    if [[ $cur == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        cur=
    elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi

    # The command is the first word after tco that is not an option.
    cmd=
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        report | catalog | validate | compare | import)
            cmd=${COMP_WORDS[i]}
            break
            ;;
        esac
    done

    # Values of options.
    case $prev in
    -f | --format)
        COMPREPLY=($(compgen -W "table json xlsx csv md" -- "$cur"))
        return
        ;;
    -o | --output)
        COMPREPLY=($(compgen -f -- "$cur"))
        compopt -o filenames 2>/dev/null
        return
        ;;
    --catalog | --template)
        _tco_files "$cur" xml
        return
        ;;
    --scenario)
        _tco_files "$cur" ini
        return
        ;;
    esac

    if [[ -z $cmd ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "-h --help --version" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "report catalog validate compare import" -- "$cur"))
        fi
        return
    fi

    local opts
    case $cmd in
    report)
        opts="-o --output -f --format --catalog --template --monthly --fiscal-years --statements -q --quiet --strict -v --verbose -h --help"
        ;;
    compare)
        opts="-o --output -f --format --catalog --template -q --quiet --strict -v --verbose -h --help"
        ;;
    catalog)
        opts="-o --output -f --format --catalog -q --quiet --strict -v --verbose -h --help"
        ;;
    validate)
        opts="--catalog --template -q --quiet --strict -v --verbose -h --help"
        ;;
    import)
        opts="--scenario -o --output --diff --catalog -q --quiet -h --help"
        ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    case $cmd in
    report | compare) _tco_files "$cur" ini ;;
    validate) _tco_files "$cur" ini xml ;;
    catalog) _tco_files "$cur" xml ;;
    import) _tco_files "$cur" xlsx ;;
    esac
} &&
    complete -F _tco tco

# ex: filetype=sh
