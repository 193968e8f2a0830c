# part.sh - sourced by a test script that may be run in parts: with the arguments
# --part K/N (CTest runs the N parts side by side), in_part is true for the Kth of
# every N calls, so that the N parts together do each piece of work once.
#
#   . "$(dirname "$0")/../part.sh"
#   part_init "${3:-}" "${4:-}"   # the script's arguments after its own
#   if in_part; then ...; fi      # once for each piece of work, in the same order
part_k=1
part_n=1
part_i=0

# part_init [--part K/N]
part_init() {
    [ "${1:-}" = --part ] || return 0
    part_k=${2%/*}
    part_n=${2#*/}
    case $part_k$part_n in
    *[!0-9]* | '') echo "part.sh: --part $2: want K/N" >&2; exit 2 ;;
    esac
    if [ "$part_k" -lt 1 ] || [ "$part_k" -gt "$part_n" ]; then
        echo "part.sh: --part $2: want 1 <= K <= N" >&2
        exit 2
    fi
}

in_part() {
    part_i=$((part_i + 1))
    [ $(((part_i - 1) % part_n + 1)) -eq "$part_k" ]
}
