/**
 * The job worker process gives way to requests (docs/decisions/027-write-path.md): certificate images take
 * about 45 ms of CPU each, and the API and the worker share the machine's cores.
 *
 * Linux SCHED_IDLE (`chrt --idle`, util-linux) runs the worker only when no ordinary task wants a core, and an API
 * thread that wakes takes the core at once. A nice value (the fallback) only lowers the worker's share: a request
 * still waits for the worker's time slice to end, which cost a fifth of the paid donations per second at 64 donors
 * at once on 2 cores. Applied to every thread of the process (-a); threads started later inherit it.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setPriority } from 'node:os'

export type WorkerPriority = 'idle' | 'nice' | 'normal'

/** SCHED_IDLE is policy 5 in /proc/<pid>/stat (field 41) */
export function schedulingPolicy(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38])
  } catch {
    return null
  }
}

export function lowerWorkerPriority(pid = process.pid): WorkerPriority {
  const r = spawnSync('chrt', ['--idle', '-a', '-p', '0', String(pid)], { stdio: 'ignore' })
  if (r.status === 0 && schedulingPolicy(pid) === 5) return 'idle'
  try {
    setPriority(pid, 10)
    return 'nice'
  } catch {
    return 'normal'
  }
}
