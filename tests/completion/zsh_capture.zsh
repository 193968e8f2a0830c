# zsh_capture.zsh - sourced by an interactive zsh that zsh_complete.zsh drives
# through zpty: loads the completion system with $TCO_COMPLETIONS first on $fpath,
# makes Tab complete without running anything, and has every candidate the
# completion adds printed, one a line, between two lines holding a NUL (the
# technique of zsh-capture-completion).
PROMPT=
fpath=($TCO_COMPLETIONS $fpath)
autoload -Uz compinit
compinit -u -D
bindkey '^M' undefined
bindkey '^J' undefined
bindkey '^I' complete-word
null-line () { echo -E - $'\0' }
compprefuncs=( null-line )
comppostfuncs=( null-line exit )
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' list-separator ''
zmodload zsh/zutil
compadd () {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
        builtin compadd "$@"
        return $?
    fi
    typeset -a __hits __dscr __tmp
    if (( $@[(I)-d] )); then
        __tmp=${@[$[${@[(i)-d]}+1]]}
        if [[ $__tmp == \(* ]]; then
            eval "__dscr=$__tmp"
        else
            __dscr=( "${(@P)__tmp}" )
        fi
    fi
    builtin compadd -A __hits -D __dscr "$@"
    setopt localoptions norcexpandparam extendedglob
    typeset -A apre hpre hsuf asuf
    zparseopts -E P:=apre p:=hpre S:=asuf s:=hsuf
    if [[ -z $__hits ]]; then
        return
    fi
    for i in {1..$#__hits}; do
        echo -E - $IPREFIX$apre$hpre${__hits[i]}$hsuf$asuf
    done
}
echo ok
