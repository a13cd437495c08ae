#!/usr/bin/env node
/**
 * A TCP proxy that holds every chunk for a fixed time in each direction: a database "DELAY_MS away" for the orders
 * bench (`--pg-delay`), where a round trip costs time rather than CPU, as with PostgreSQL on another host.
 * Usage: node bench/lib/delay-proxy.js <listenPort> <targetHost> <targetPort> <delayMs>; prints "listening <port>".
 * Chunks keep their order: timers of one duration fire in the order they were set.
 */
const net = require('node:net')

const [listenPort, host, port, delay] = process.argv.slice(2).map((v, i) => (i === 1 ? v : Number(v)))
const later = (fn) => setTimeout(fn, delay)

const server = net.createServer((client) => {
  const upstream = net.connect(port, host)
  client.setNoDelay(true)
  upstream.setNoDelay(true)
  client.on('data', (chunk) => later(() => upstream.write(chunk)))
  upstream.on('data', (chunk) => later(() => client.write(chunk)))
  client.on('end', () => later(() => upstream.end()))
  upstream.on('end', () => later(() => client.end()))
  client.on('error', () => upstream.destroy())
  upstream.on('error', () => client.destroy())
})
server.listen(listenPort, '127.0.0.1', () => console.log(`listening ${server.address().port}`))
