_whittle() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="whittle"
                ;;
            whittle,bisect)
                cmd="whittle__subcmd__bisect"
                ;;
            whittle,clang-crash)
                cmd="whittle__subcmd__clang__subcmd__crash"
                ;;
            whittle,help)
                cmd="whittle__subcmd__help"
                ;;
            whittle,lto)
                cmd="whittle__subcmd__lto"
                ;;
            whittle,miscompile)
                cmd="whittle__subcmd__miscompile"
                ;;
            whittle__subcmd__help,bisect)
                cmd="whittle__subcmd__help__subcmd__bisect"
                ;;
            whittle__subcmd__help,clang-crash)
                cmd="whittle__subcmd__help__subcmd__clang__subcmd__crash"
                ;;
            whittle__subcmd__help,help)
                cmd="whittle__subcmd__help__subcmd__help"
                ;;
            whittle__subcmd__help,lto)
                cmd="whittle__subcmd__help__subcmd__lto"
                ;;
            whittle__subcmd__help,miscompile)
                cmd="whittle__subcmd__help__subcmd__miscompile"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        whittle)
            opts="-o -j -v -q -x -h -V --test --test-arg --crash-cmd --signature --cmd --match --no-match --lit --mr --mr-exec --mr-pipeline --mr-opt --mr-llc --mr-llc-flags --mr-args --mr-stdin --mr-link-flags --mr-tool --mr-followup --mr-run --mr-compare --emit-lit --output --preserve-debug-environment --timeout --no-auto-timeout --confirm --recheck-every --save-temps --stats-json --verbose --quiet --executor --executor-arg --executor-retries --executor-grace --executor-exclude-failed --in-place --delta-passes --skip-delta-passes --print-delta-passes --max-pass-iterations --full-sweeps --no-change-memory --starting-granularity-level --abort-on-invalid-reduction --write-tmp-files-as-bitcode --output-bitcode --mtriple --mcpu --simplify-mir --ir-passes --reduce-callsite-inline-threshold --aggressive-named-md-reduction --policy --plot --allow-unregistered-dialect --mlir-passes --mlir-reduce-exit-codes --mlir-print-op-generic --skip-verify-interesting-after-counting-chunks --help --version bisect clang-crash miscompile lto help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --test)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --test-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --crash-cmd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --signature)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cmd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --match)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-match)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-exec)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-pipeline)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-opt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-llc)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-llc-flags)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-stdin)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-link-flags)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-tool)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-followup)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-run)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-compare)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --emit-lit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --recheck-every)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stats-json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor)
                    COMPREPLY=($(compgen -W "local slurm" -- "${cur}"))
                    return 0
                    ;;
                --executor-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor-grace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delta-passes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skip-delta-passes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-pass-iterations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --starting-granularity-level)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mtriple)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcpu)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ir-passes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --reduce-callsite-inline-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --policy)
                    COMPREPLY=($(compgen -W "wdd ddmin probdd" -- "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -x)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mlir-passes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__bisect)
            opts="-o -j -v -q -h -V --crash-cmd --signature --cmd --match --no-match --lit --mr --mr-exec --mr-pipeline --mr-opt --mr-llc --mr-llc-flags --mr-args --mr-stdin --mr-link-flags --mr-tool --mr-followup --mr-run --mr-compare --emit-lit --output --preserve-debug-environment --timeout --no-auto-timeout --confirm --recheck-every --save-temps --stats-json --verbose --quiet --executor --executor-arg --executor-retries --executor-grace --executor-exclude-failed --counters --test --test-arg --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crash-cmd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --signature)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cmd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --match)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-match)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-exec)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-pipeline)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-opt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-llc)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-llc-flags)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-stdin)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-link-flags)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-tool)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-followup)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-run)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mr-compare)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --emit-lit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --recheck-every)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stats-json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor)
                    COMPREPLY=($(compgen -W "local slurm" -- "${cur}"))
                    return 0
                    ;;
                --executor-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor-grace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --test-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__clang__subcmd__crash)
            opts="-o -j -q -h -V --output --emit-lit --timeout --save-temps --stats-json --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --emit-lit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stats-json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__help)
            opts="bisect clang-crash miscompile lto help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__help__subcmd__bisect)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__help__subcmd__clang__subcmd__crash)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__help__subcmd__lto)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__help__subcmd__miscompile)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__lto)
            opts="-o -j -q -h -V --output --emit-lit --timeout --save-temps --stats-json --executor --executor-arg --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --emit-lit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stats-json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor)
                    COMPREPLY=($(compgen -W "local slurm" -- "${cur}"))
                    return 0
                    ;;
                --executor-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        whittle__subcmd__miscompile)
            opts="-O -o -j -q -h -V --run-args --stdin --expect-output --no-sanitize --output --emit-lit --timeout --save-temps --stats-json --executor --executor-arg --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                -O)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --run-args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect-output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --emit-lit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stats-json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --executor)
                    COMPREPLY=($(compgen -W "local slurm" -- "${cur}"))
                    return 0
                    ;;
                --executor-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _whittle -o nosort -o bashdefault -o default whittle
else
    complete -F _whittle -o bashdefault -o default whittle
fi
