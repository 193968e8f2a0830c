# bash completion for tco(1)                                  -*- shell-script -*-
#
# Made by `tco completion bash` from the tool's table of commands and options
# (tco/cli/options.c): do not edit. Installed as
# share/bash-completion/completions/tco, where bash-completion loads it on first
# use; or source it from ~/.bashrc.
#
# Completes the command, each command's options, the values of an option that
# has a list of them, and files of the extensions each command and option
# reads.

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
    local cur prev cmd i opts
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
        report | validate | catalog | compare | import | init | completion)
            cmd=${COMP_WORDS[i]}
            break
            ;;
        esac
    done

    # Values of options.
    case $prev in
    -o | --output)
        COMPREPLY=($(compgen -f -- "$cur"))
        compopt -o filenames 2>/dev/null
        return
        ;;
    -f | --format)
        COMPREPLY=($(compgen -W "table json xlsx csv md" -- "$cur"))
        return
        ;;
    --catalog)
        _tco_files "$cur" xml
        return
        ;;
    --template)
        _tco_files "$cur" xml
        return
        ;;
    --scenario)
        _tco_files "$cur" ini
        return
        ;;
    --fail-above)
        return
        ;;
    --gpu)
        return
        ;;
    --count)
        return
        ;;
    --vs)
        return
        ;;
    --horizon)
        return
        ;;
    --site)
        COMPREPLY=($(compgen -W "us-colo us-onprem cn-west" -- "$cur"))
        return
        ;;
    --workload)
        COMPREPLY=($(compgen -W "train infer" -- "$cur"))
        return
        ;;
    --gpu-price)
        return
        ;;
    --provider)
        return
        ;;
    --pricing)
        COMPREPLY=($(compgen -W "on-demand spot reserved" -- "$cur"))
        return
        ;;
    --region)
        return
        ;;
    --max-price)
        return
        ;;
    --from)
        COMPREPLY=($(compgen -W "skypilot gpuhunt" -- "$cur"))
        return
        ;;
    --as-of)
        return
        ;;
    --source)
        return
        ;;
    --min-gpus)
        return
        ;;
    esac

    case $cmd in
    '') opts="-h --help --version" ;;
    report) opts="-o --output -f --format --catalog --template --monthly --fiscal-years --statements -q --quiet --strict -v --verbose -h --help" ;;
    validate) opts="--catalog --template -q --quiet --strict -v --verbose -h --help" ;;
    catalog) opts="-o --output -f --format --catalog --gpu --provider --pricing --region --max-price --from --as-of --source --min-gpus -q --quiet --strict -v --verbose -h --help" ;;
    compare) opts="-o --output -f --format --catalog --template --fail-above -q --quiet --strict -v --verbose -h --help" ;;
    import) opts="-o --output --catalog --scenario --diff -q --quiet -v --verbose -h --help" ;;
    init) opts="-o --output --gpu --count --vs --horizon --site --workload --gpu-price -h --help" ;;
    completion) opts="-h --help" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi

    # The operands: a command, or what the command reads.
    case $cmd in
    '') COMPREPLY=($(compgen -W "report validate catalog compare import init" -- "$cur")) ;;
    report) _tco_files "$cur" ini ;;
    validate) _tco_files "$cur" ini xml ;;
    catalog) COMPREPLY=($(compgen -W "import" -- "$cur")) ;;
    compare) _tco_files "$cur" ini json ;;
    import) _tco_files "$cur" xlsx ;;
    completion) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")) ;;
    esac
} &&
    complete -F _tco tco

# ex: filetype=sh
