#!/bin/zsh -f
# zsh_complete.zsh LINE - the candidates zsh's own completion system offers for
# LINE, one a line (each may end in a CR): an interactive zsh in a pseudo-terminal
# (zpty) sources zsh_capture.zsh, LINE is typed with a Tab after it, and what the
# completion added is read back. Exit 2 when nothing came back.
zmodload zsh/zpty
zpty z zsh -f -i
local line
zpty -w z "source ${0:A:h}/zsh_capture.zsh"
repeat 4; do
    zpty -r z line
    [[ $line == ok* ]] && break
done
zpty -w -n z "$1"$'\t'
integer tog=0
while zpty -r z; do :; done | while IFS= read -r line; do
    if [[ $line == *$'\0\r' ]]; then
        (( tog++ )) && return 0 || continue
    fi
    (( tog )) && echo -E - $line
done
return 2
