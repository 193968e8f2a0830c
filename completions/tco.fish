# fish completion for tco(1): made by `tco completion fish` from the tool's
# table of commands and options (tco/cli/options.c): do not edit. Installed as
# share/fish/vendor_completions.d/tco.fish.

complete -c tco -f

# The commands.
complete -c tco -n __fish_use_subcommand -a report -d 'compute every option of the scenario and its analyses'
complete -c tco -n __fish_use_subcommand -a validate -d 'all that report does (analyses too), writing nothing'
complete -c tco -n __fish_use_subcommand -a catalog -d 'list the catalogs\' GPUs and offers, or import a list'
complete -c tco -n __fish_use_subcommand -a compare -d 'the inputs that differ and the figures\' deltas'
complete -c tco -n __fish_use_subcommand -a import -d 'the Inputs edited in a workbook, back into its scenario'
complete -c tco -n __fish_use_subcommand -a init -d 'a complete scenario, every value sourced (see --site)'

# The options, each with the commands it applies to.
complete -c tco -n '__fish_seen_subcommand_from report catalog compare import init' -s o -l output -r -F -d 'write to FILE (atomically)'
complete -c tco -n '__fish_seen_subcommand_from report catalog compare' -s f -l format -x -a 'table json xlsx csv md' -d 'the output format: table, json, xlsx, csv or md'
complete -c tco -n '__fish_seen_subcommand_from report validate catalog compare import' -l catalog -k -a '(__fish_complete_suffix .xml; )' -r -d 'read this price catalog'
complete -c tco -n '__fish_seen_subcommand_from report validate compare' -l template -k -a '(__fish_complete_suffix .xml; )' -r -d 'the workbook\'s template: an XML file, or the name of a shipped one (default, zh-CN)'
complete -c tco -n '__fish_seen_subcommand_from report' -l monthly -d 'with csv: add the monthly table'
complete -c tco -n '__fish_seen_subcommand_from report' -l fiscal-years -d 'with csv: add the budget by fiscal year'
complete -c tco -n '__fish_seen_subcommand_from report' -l statements -d 'with csv: add the statements by fiscal year'
complete -c tco -n '__fish_seen_subcommand_from import' -l scenario -k -a '(__fish_complete_suffix .ini; )' -r -d 'with import: the scenario the workbook was written from'
complete -c tco -n '__fish_seen_subcommand_from import' -l diff -d 'with import: print the changes (the default without -o)'
complete -c tco -n '__fish_seen_subcommand_from compare' -l fail-above -x -d 'with compare: exit 3 when an option\'s total rises from A to B by more than LIMIT'
complete -c tco -n '__fish_seen_subcommand_from catalog init' -l gpu -x -d 'with init: the catalog GPU bought'
complete -c tco -n '__fish_seen_subcommand_from init' -l count -x -d 'with init: how many GPUs'
complete -c tco -n '__fish_seen_subcommand_from init' -l vs -x -d 'with init: a catalog offer rented'
complete -c tco -n '__fish_seen_subcommand_from init' -l horizon -x -d 'with init: months compared (default 36)'
complete -c tco -n '__fish_seen_subcommand_from init' -l site -x -a 'us-colo us-onprem cn-west' -d 'with init: us-colo (default), us-onprem or cn-west'
complete -c tco -n '__fish_seen_subcommand_from init' -l workload -x -a 'train infer' -d 'with init: train (default) or infer'
complete -c tco -n '__fish_seen_subcommand_from init' -l gpu-price -x -d 'with init: the GPU\'s price, for a GPU the catalog has no price for'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l provider -x -d 'with catalog: list the offers of this provider only (any case)'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l pricing -x -a 'on-demand spot reserved' -d 'with catalog: list on-demand, spot or reserved offers only'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l region -x -d 'with catalog: list the offers of this region only (any case)'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l max-price -x -d 'with catalog: list the offers of at most PRICE per GPU-hour only, in each offer\'s currency'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l from -x -a 'skypilot gpuhunt' -d 'with catalog import: the price list\'s kind, skypilot (SkyPilot\'s vms.csv) or gpuhunt (a gpuhunt CSV)'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l as-of -x -d 'with catalog import: the prices\' date, YYYY-MM-DD (default: the file\'s modification date, with a warning)'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l source -x -d 'with catalog import: where the list came from, at the head of each offer\'s source'
complete -c tco -n '__fish_seen_subcommand_from catalog' -l min-gpus -x -d 'with catalog import: keep the instances of at least N GPUs'
complete -c tco -n '__fish_seen_subcommand_from report validate catalog compare import' -s q -l quiet -d 'print no warnings, only errors'
complete -c tco -n '__fish_seen_subcommand_from report validate catalog compare' -l strict -d 'treat warnings as errors'
complete -c tco -n '__fish_seen_subcommand_from report validate catalog compare import' -s v -l verbose -d 'also say which catalogs were read'
complete -c tco -n __fish_use_subcommand -s h -l help -d 'show this help'
complete -c tco -n '__fish_seen_subcommand_from report validate catalog compare import init completion' -s h -l help -d 'show this help'
complete -c tco -n __fish_use_subcommand -l version -d 'show the version'

# The operands of each command.
complete -c tco -n '__fish_seen_subcommand_from report' -k -a '(__fish_complete_suffix .ini; )'
complete -c tco -n '__fish_seen_subcommand_from validate' -k -a '(__fish_complete_suffix .ini; __fish_complete_suffix .xml; )'
complete -c tco -n '__fish_seen_subcommand_from catalog' -x -a 'import'
complete -c tco -n '__fish_seen_subcommand_from compare' -k -a '(__fish_complete_suffix .ini; __fish_complete_suffix .json; )'
complete -c tco -n '__fish_seen_subcommand_from import' -k -a '(__fish_complete_suffix .xlsx; )'
complete -c tco -n '__fish_seen_subcommand_from completion' -x -a 'bash zsh fish'
