/** Minimal HTTP client over node:http, usable from jsdom test environments (which hide Node's fetch). */
const http = require('node:http')

function httpRequest(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let data = text
        try {
          data = JSON.parse(text)
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode, headers: res.headers, data })
      })
    })
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

module.exports = { httpRequest }
