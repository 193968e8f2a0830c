#!/bin/sh
# scripts/template_keys.py finds every kind of label key the workbook writer uses
# (from the writer's calls, the key table and the result field table), and both
# shipped templates hold all of them.
#
#   tests/templates/test_template_keys.sh SOURCE_DIR
set -u
src=$1
keys=$(/usr/bin/python3 "$src/scripts/template_keys.py" "$src") || {
    echo "FAIL: template_keys.py failed"
    exit 1
}
failed=0
# One key of each origin, with its English; the words formulas give as results
# (word.*), and a label that names one through a placeholder.
for want in 'sheet.summary	Summary' \
    'input.site.electricity_price	Electricity price' \
    'input.option.gpu_price.unit	{currency} per GPU' \
    'inputs.section.workload	Workload' \
    'depreciation.macrs-5	macrs-5' \
    'summary.field.total	Total cost of ownership' \
    'summary.group.cost	Cost over the horizon' \
    'about.baseline.none	none: the scenario has no rent option' \
    'word.na	n/a' \
    'about.field.tokens	{na}, never, always, parallel, –'; do
    key=${want%%	*}
    if ! printf '%s\n' "$keys" | grep -q "^$want"; then
        echo "FAIL: no key '$key' as expected: $(printf '%s\n' "$keys" | grep "^$key	" || echo none)"
        failed=$((failed + 1))
    fi
done
for tpl in default zh-CN; do
    if ! /usr/bin/python3 "$src/scripts/template_keys.py" "$src" --check \
        "$src/templates/$tpl.xml"; then
        echo "FAIL: templates/$tpl.xml lacks keys"
        failed=$((failed + 1))
    fi
done
echo "template_keys: $(printf '%s\n' "$keys" | wc -l) keys"
[ "$failed" -eq 0 ] && echo "ok" && exit 0
exit 1
