#!/usr/bin/env bash
# A Slurm cluster on this machine, for whittle's Slurm executor tests (and
# for trying `--executor=slurm` by hand): one node by default, or N nodes,
# each a slurmd of its own (`slurmd -N NAME`; Debian builds Slurm with
# --enable-multiple-slurmd), with its own port, spool, pid and log.
#
#   scripts/local-slurm.sh start [--nodes N]
#                                   stand it up (idempotent); waits until every
#                                   node is in service
#   scripts/local-slurm.sh stop     stop what `start` started (by pid)
#   scripts/local-slurm.sh status   whether the cluster answers
#   scripts/local-slurm.sh env      the line that points Slurm's commands at it
#
# Debian's packages (slurmctld slurmd slurm-client munge), run as root, no
# systemd: munge through its init script when it is not running,
# `slurmctld -D` and `slurmd -D` in the background. Missing packages are
# installed with apt-get.
#
# The configuration is private: $STATE/slurm.conf (STATE defaults to
# /run/whittle-slurm), on ports of its own (controller 16817, nodes 17001
# up), so a cluster the machine already has is neither read nor disturbed.
# Slurm's commands find it through SLURM_CONF: `eval "$(scripts/local-slurm.sh
# env)"` (cargo xtask test sets it by itself). Everything this script
# starts or writes is under $STATE: the configuration, the pids it started,
# the logs, the controller's state; `stop` ends exactly those pids.
#
# Failure detection is quick, for the tests that kill and stop nodes: a node
# that stops answering is "not responding" after a missed ping and down after
# SlurmdTimeout (10 s); a node that registers again returns to service by
# itself (ReturnToService=2). The timeouts leave a loaded 2-core machine
# seconds to spare: slurmd answers a ping from its own thread.
#
# WHITTLE_SLURM_CPUS=N gives the node N CPUs instead of $(nproc) (Slurm
# then schedules N one-CPU steps at once on this machine's cores: for
# measuring the cost of a step, not for real work).
set -euo pipefail

STATE=${WHITTLE_SLURM_STATE:-/run/whittle-slurm}
CONF=$STATE/slurm.conf
export SLURM_CONF=$CONF
MARK="# written by whittle's scripts/local-slurm.sh"
CTLD_PORT=16817
CPUS=${WHITTLE_SLURM_CPUS:-$(nproc)}
# Nodes: 1 is the node `localhost`; N > 1 are node1..nodeN, slurmd i
# listening on port 17000+i.
NODES=${WHITTLE_SLURM_NODES:-1}
NODES_GIVEN=${WHITTLE_SLURM_NODES:-}

say() { echo "local-slurm: $*" >&2; }
die() { say "error: $*"; exit 1; }

answers() { sinfo -h >/dev/null 2>&1; }

# Whether the pid recorded in $STATE/$1.pid is alive.
alive() {
    local f="$STATE/$1.pid"
    [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null
}

write_conf() {
    mkdir -p "$STATE/state" "$STATE/spool"
    cat >"$CONF" <<EOF
$MARK
ClusterName=whittle-local
SlurmctldHost=localhost
SlurmctldPort=$CTLD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
SlurmdParameters=config_overrides
SlurmctldPidFile=$STATE/slurmctld.daemon.pid
StateSaveLocation=$STATE/state
SlurmctldLogFile=$STATE/slurmctld.log
SlurmctldTimeout=30
SlurmdTimeout=10
MessageTimeout=5
KillWait=2
InactiveLimit=0
MinJobAge=30
EOF
    if [ "$NODES" = 1 ]; then
        cat >>"$CONF" <<EOF
SlurmdPidFile=$STATE/slurmd.daemon.pid
SlurmdSpoolDir=$STATE/spool
SlurmdLogFile=$STATE/slurmd.log
SlurmdPort=17001
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$CPUS State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
    else
        # %n: the node's name, one pid, spool and log per slurmd.
        cat >>"$CONF" <<EOF
SlurmdPidFile=$STATE/slurmd-%n.daemon.pid
SlurmdSpoolDir=$STATE/spool/%n
SlurmdLogFile=$STATE/slurmd-%n.log
NodeName=node[1-$NODES] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[17001-$((17000 + NODES))] CPUs=$CPUS State=UNKNOWN
PartitionName=debug Nodes=node[1-$NODES] Default=YES MaxTime=INFINITE State=UP
EOF
        local i
        for i in $(seq 1 "$NODES"); do mkdir -p "$STATE/spool/node$i"; done
    fi
}

env_line() { echo "export SLURM_CONF=$CONF"; }

# The names of the nodes.
node_names() {
    if [ "$NODES" = 1 ]; then echo localhost; else seq -f 'node%g' 1 "$NODES"; fi
}

start_munge() {
    if munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
        return
    fi
    [ -r /etc/munge/munge.key ] || die "/etc/munge/munge.key is missing (install munge)"
    /etc/init.d/munge start >&2 || die "munge did not start"
    cp /run/munge/munged.pid "$STATE/munged.pid"
}

# Start "$@" in the background, its pid recorded as $STATE/$name.pid.
spawn() {
    local name=$1
    shift
    # Its own session: a terminal's Ctrl-C to whoever ran this must not
    # reach the daemon.
    setsid "$@" >>"$STATE/$name.out" 2>&1 </dev/null &
    echo $! >"$STATE/$name.pid"
}

# Wait until every node is in service: idle, or running jobs when a node is
# restarted under a reduction that goes on (not `*`: not responding). A node
# the controller set down meanwhile (it killed a job placed on the node as
# its slurmd restarted) is resumed.
wait_up() {
    local i n up
    for i in $(seq 1 120); do
        up=0
        for n in $(node_names); do
            case "$(sinfo -h -n "$n" -o %T 2>/dev/null | tr -d ' ')" in
            idle | mixed | allocated) up=$((up + 1)) ;;
            down* | drain*) scontrol update NodeName="$n" State=RESUME >/dev/null 2>&1 || true ;;
            completing*)
                # A job whose node died as it ended stays "completing" until
                # the controller gives up on it: after 5 s, down and back.
                if [ "$i" -gt 10 ]; then
                    scontrol update NodeName="$n" State=DOWN Reason=restarted >/dev/null 2>&1 || true
                fi ;;
            esac
        done
        [ "$up" = "$NODES" ] && return 0
        sleep 0.5
    done
    sinfo -N >&2 || true
    say "slurmctld log:"; tail -n 20 "$STATE/slurmctld.log" >&2 || true
    for n in "$STATE"/slurmd*.log; do say "$n:"; tail -n 10 "$n" >&2 || true; done
    die "not every node was in service within a minute"
}

start() {
    [ "$(id -u)" = 0 ] || die "run as root"
    local p missing=
    for p in /usr/sbin/slurmctld /usr/sbin/slurmd /usr/bin/sinfo /usr/bin/srun /usr/sbin/munged; do
        [ -x "$p" ] || missing=1
    done
    if [ -n "$missing" ]; then
        say "installing Debian's Slurm packages"
        apt-get update >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y slurmctld slurmd slurm-client munge >&2
    fi
    mkdir -p "$STATE"
    if alive slurmctld; then
        # Running already: start what of it is missing, at the size it has.
        local running
        running=$(sed -n 's/^NodeName=node\[1-\([0-9]*\)\].*/\1/p' "$CONF")
        running=${running:-1}
        [ -z "$NODES_GIVEN" ] || [ "$NODES" = "$running" ] ||
            die "a cluster of $running node(s) runs here; stop it first"
        NODES=$running
    else
        write_conf
    fi
    start_munge
    # A fresh controller forgets the jobs of an earlier one (-c).
    alive slurmctld || spawn slurmctld /usr/sbin/slurmctld -D -c
    for _ in $(seq 1 60); do answers && break; sleep 0.5; done
    answers || { tail -n 20 "$STATE/slurmctld.log" >&2 || true; die "slurmctld does not answer"; }
    local n f
    # A daemon of ours stopped (SIGSTOP: a test that hung a node and
    # failed before it let go) runs again.
    for f in "$STATE"/slurmd*.pid; do
        if [ -e "$f" ]; then kill -CONT "$(cat "$f")" 2>/dev/null || true; fi
    done
    if [ "$NODES" = 1 ]; then
        alive slurmd || spawn slurmd /usr/sbin/slurmd -D -N localhost
    else
        for n in $(node_names); do
            alive "slurmd-$n" || spawn "slurmd-$n" /usr/sbin/slurmd -D -N "$n"
        done
    fi
    wait_up
    say "up: $(sinfo -h -o '%P %D nodes %c cpus %T'); Slurm's commands reach it with: $(env_line)"
}

# Stop the process recorded as $STATE/$1.pid (TERM, then KILL).
end() {
    local f="$STATE/$1.pid" pid
    [ -f "$f" ] || return 0
    pid=$(cat "$f")
    if kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$f"
}

stop() {
    [ -d "$STATE" ] || { say "nothing was started here"; return; }
    local f
    end slurmd
    for f in "$STATE"/slurmd-*.pid; do
        if [ -e "$f" ]; then end "$(basename "$f" .pid)"; fi
    done
    end slurmctld
    end munged
    rm -f "$CONF"
    say "stopped"
}

case "${1:-}" in
start)
    case "${2:-}" in
    --nodes) NODES=${3:?--nodes takes a number}; NODES_GIVEN=1 ;;
    --nodes=*) NODES=${2#--nodes=}; NODES_GIVEN=1 ;;
    "") ;;
    *) echo "usage: $0 start [--nodes N]" >&2; exit 2 ;;
    esac
    [[ "$NODES" =~ ^[1-9][0-9]*$ ]] || die "--nodes takes a positive number, not '$NODES'"
    start ;;
stop) stop ;;
status) if answers; then sinfo; else say "no cluster answers"; exit 1; fi ;;
env) env_line ;;
*) echo "usage: $0 start [--nodes N]|stop|status|env" >&2; exit 2 ;;
esac
