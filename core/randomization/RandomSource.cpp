#include "core/randomization/RandomSource.h"

#include <sodium.h>
#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace rr {

namespace {
constexpr std::size_t kBlockWords = 512; // 4 KiB of OS entropy or key stream per refill
constexpr std::size_t kChaChaBlockBytes = 64; // ChaCha20 works in 64-byte blocks
static_assert(kBlockWords * sizeof(std::uint64_t) % kChaChaBlockBytes == 0);
constexpr std::uint32_t kChaChaBlocksPerRefill =
    kBlockWords * sizeof(std::uint64_t) / kChaChaBlockBytes;
} // namespace

StreamKey::~StreamKey()
{
    sodium_memzero(bytes.data(), bytes.size());
}

RandomSource RandomSource::seeded(std::uint64_t seed)
{
    RandomSource r;
    r.m_kind = Kind::Seeded;
    r.m_secure = false;
    r.m_seed = seed;
    r.m_engine.seed(seed);
    return r;
}

RandomSource RandomSource::secure()
{
    RandomSource r;
    r.m_kind = Kind::Os;
    r.m_secure = true;
    r.m_buffer = std::make_unique<std::uint64_t[]>(kBlockWords);
    r.refill(); // fails here, not in the middle of a randomization, when the OS has no entropy source
    return r;
}

RandomSource RandomSource::stream(const StreamKey& key, std::uint64_t id)
{
    if (sodium_init() < 0)
        throw std::runtime_error("libsodium could not be initialised");
    RandomSource r;
    r.m_kind = Kind::ChaCha;
    r.m_secure = key.secure;
    r.m_parent = key.parent;
    r.m_key = key.bytes;
    for (int i = 0; i < 8; ++i) // the stream id is the nonce: distinct ids give independent streams
        r.m_nonce[static_cast<std::size_t>(i)] = static_cast<unsigned char>(id >> (8 * i));
    r.m_buffer = std::make_unique<std::uint64_t[]>(kBlockWords);
    return r;
}

StreamKey RandomSource::drawStreamKey()
{
    StreamKey key;
    for (std::size_t i = 0; i < key.bytes.size(); i += 8) {
        const std::uint64_t w = (*this)();
        std::memcpy(key.bytes.data() + i, &w, 8);
    }
    key.secure = m_secure;
    key.parent = description();
    return key;
}

RandomSource::RandomSource(RandomSource&& o) noexcept
    : m_kind(o.m_kind), m_secure(o.m_secure), m_seed(o.m_seed), m_key(o.m_key), m_nonce(o.m_nonce),
      m_block(o.m_block), m_parent(std::move(o.m_parent)), m_engine(o.m_engine), m_buffer(std::move(o.m_buffer)),
      m_pos(std::exchange(o.m_pos, 0)), m_len(std::exchange(o.m_len, 0))
{
    sodium_memzero(o.m_key.data(), o.m_key.size());
}

RandomSource& RandomSource::operator=(RandomSource&& o) noexcept
{
    if (this != &o) {
        if (m_buffer)
            sodium_memzero(m_buffer.get(), kBlockWords * sizeof(std::uint64_t));
        m_kind = o.m_kind;
        m_secure = o.m_secure;
        m_seed = o.m_seed;
        m_engine = o.m_engine;
        m_buffer = std::move(o.m_buffer);
        m_pos = std::exchange(o.m_pos, 0);
        m_len = std::exchange(o.m_len, 0);
        m_key = o.m_key;
        sodium_memzero(o.m_key.data(), o.m_key.size());
        m_nonce = o.m_nonce;
        m_block = o.m_block;
        m_parent = std::move(o.m_parent);
    }
    return *this;
}

RandomSource::~RandomSource()
{
    if (m_buffer) // do not leave unused secret random bits in freed memory
        sodium_memzero(m_buffer.get(), kBlockWords * sizeof(std::uint64_t));
    sodium_memzero(m_key.data(), m_key.size());
}

void RandomSource::refill()
{
    if (!m_buffer)
        throw std::runtime_error("the random source was moved from and has no buffer");
    auto* bytes = reinterpret_cast<unsigned char*>(m_buffer.get());
    const std::size_t want = kBlockWords * sizeof(std::uint64_t);
    if (m_kind == Kind::ChaCha) {
        // 2^32 blocks of 64 bytes (256 GiB) per stream: far more than a chunk of records draws.
        if (m_block > UINT32_MAX - kChaChaBlocksPerRefill)
            throw std::runtime_error("a ChaCha20 random stream is exhausted (256 GiB drawn)");
        std::memset(bytes, 0, want);
        crypto_stream_chacha20_ietf_xor_ic(bytes, bytes, want, m_nonce.data(), m_block, m_key.data());
        m_block += kChaChaBlocksPerRefill;
        m_pos = 0;
        m_len = kBlockWords;
        return;
    }
    std::size_t got = 0;
    while (got < want) {
        const ssize_t n = getrandom(bytes + got, want - got, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw std::runtime_error(std::string("the operating system's random source (getrandom) failed: ") +
                                     std::strerror(errno));
        }
        got += static_cast<std::size_t>(n);
    }
    m_pos = 0;
    m_len = kBlockWords;
}

RandomSource::result_type RandomSource::next()
{
    if (m_kind == Kind::Seeded)
        return m_engine();
    if (m_pos == m_len)
        refill();
    const std::uint64_t v = m_buffer[m_pos];
    m_buffer[m_pos++] = 0; // each word is used once
    return v;
}

std::uint64_t RandomSource::below(std::uint64_t n)
{
    if (n == 0)
        throw std::invalid_argument("RandomSource::below(0): the range is empty");
    if ((n & (n - 1)) == 0) // a power of two divides 2^64: every x is accepted, and x % n is its low bits
        return (*this)() & (n - 1);
    // Rejection: accept x >= 2^64 mod n so that the accepted range is a multiple of n (no modulo bias).
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
        const std::uint64_t x = (*this)();
        if (x >= threshold)
            return x % n;
    }
}

std::string RandomSource::description() const
{
    switch (m_kind) {
    case Kind::Os:
        return "secure (OS CSPRNG)";
    case Kind::ChaCha:
        if (m_secure)
            return "secure (ChaCha20 streams of libsodium keyed from the OS CSPRNG)";
        return m_parent + "; ChaCha20 streams";
    case Kind::Seeded:
        break;
    }
    return "seeded (seed " + std::to_string(m_seed) + "): reproducible, not for release";
}

} // namespace rr
