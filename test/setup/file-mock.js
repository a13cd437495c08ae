// Images imported by components resolve to their path in jest (webpack gives a URL in the builds).
module.exports = 'test-file-stub.png'
