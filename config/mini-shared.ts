/**
 * The mini-programs' package split (docs/decisions/052-mini-shared-modules.md). Taro's optimizeMainPackage moves a
 * module that only subpackages use out of the main package: into that subpackage when one uses it, and otherwise into a
 * `sub-common/` copy inside EVERY subpackage that uses it. The copies cost 407 KB over 113 modules (the form kit, the
 * request layer's helpers, the certificate and receipt sections), each downloaded again with every subpackage.
 *
 * `keepShared` is optimizeMainPackage's `exclude`: a module that two or more subpackages use stays in the main
 * package, once. Modules of a single subpackage still leave the main package. Taro calls `exclude(module)` while it
 * plans the split, with the pages as chunks; the chunk graph comes from the compilation the plugin below records.
 */
import type { Compilation, Compiler, Module } from 'webpack'

const SUBPACKAGE = /^(pkg-[^/]+)\//

export interface SharedModules {
  compilation: Compilation | null
}

export function sharedModules(): SharedModules {
  return { compilation: null }
}

/** Subpackage roots (pkg-*) whose pages use `module`; null when a main-package page uses it too. */
export function subpackagesUsing(chunkNames: Iterable<string | null | undefined>): Set<string> | null {
  const roots = new Set<string>()
  for (const name of chunkNames) {
    const root = name ? SUBPACKAGE.exec(name)?.[1] : undefined
    if (!root) return null
    roots.add(root)
  }
  return roots
}

/** optimizeMainPackage.exclude: true keeps the module in the main package. */
export function keepShared(state: SharedModules) {
  return (module: Module): boolean => {
    const graph = state.compilation?.chunkGraph
    if (!graph) return false
    const roots = subpackagesUsing([...graph.getModuleChunksIterable(module)].map((c) => c.name))
    return !!roots && roots.size > 1
  }
}

/** Records the compilation for keepShared (webpackChain: chain.plugin(...).use(RecordCompilation, [state])). */
export class RecordCompilation {
  constructor(private readonly state: SharedModules) {}
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RecordCompilation', (compilation) => {
      this.state.compilation = compilation
    })
  }
}
