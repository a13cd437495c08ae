/**
 * WeChat's accessibility attributes in the compiled templates (docs/decisions/028, 043; config/mini-aria.js): the
 * weapp build's view, text and image templates bind `aria-label` and `aria-role`, and each binds the same short alias
 * the runtime gives the attribute, so what `pressable` and `imageAlt` set reaches WeChat (the compiled page test,
 * test/mini/aria.test.js, shows a page's nodes carrying them; test/mini/view.test.js renders them through wcc).
 * Alipay's templates are left as Taro makes them. Reads the builds in dist/ (skipped when a target is not built).
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const weapp = path.join(root, 'dist', 'weapp', 'base.wxml')
const alipay = path.join(root, 'dist', 'alipay', 'base.axml')

/** the templates of one component: `<template name="tmpl_L_N"><view …>` → the tag's attribute text */
function tagsOf(xml, tag) {
  return [...xml.matchAll(new RegExp(`<template name="tmpl_\\d+_[\\w-]+">\\s*<${tag} ([^>]*)>`, 'g'))].map((m) => m[1])
}

test(
  'weapp: every view, text and image template with attributes binds aria-label, and view and text aria-role',
  { skip: !fs.existsSync(weapp) },
  () => {
    const xml = fs.readFileSync(weapp, 'utf8')
    for (const tag of ['view', 'text', 'image']) {
      const tags = tagsOf(xml, tag)
      assert.ok(tags.length > 0, `no ${tag} template`)
      for (const attrs of tags) {
        // Taro's pure view (a View with nothing but class and style) cannot carry a role or a label: it has no attributes
        if (!/i\.p\d/.test(attrs)) continue
        assert.match(attrs, /aria-label="\{\{i\.p\d+\|\|''\}\}"/, `${tag}: ${attrs.slice(0, 120)}`)
        if (tag !== 'image') assert.match(attrs, /aria-role="\{\{i\.p\d+\|\|''\}\}"/, `${tag}: ${attrs.slice(0, 120)}`)
        // React's names never reach WeChat as such
        assert.doesNotMatch(attrs, /(^|\s)(ariaLabel|role)=/)
      }
    }
  }
)

test('alipay: the templates carry no aria attributes', { skip: !fs.existsSync(alipay) }, () => {
  assert.doesNotMatch(fs.readFileSync(alipay, 'utf8'), /aria-|ariaLabel/)
})
