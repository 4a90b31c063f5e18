#include "core/randomization/RandomSource.h"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace rr {

namespace {
constexpr std::size_t kBlockWords = 512; // 4 KiB of OS entropy per refill
}

RandomSource RandomSource::seeded(std::uint64_t seed)
{
    RandomSource r;
    r.m_secure = false;
    r.m_seed = seed;
    r.m_engine.seed(seed);
    return r;
}

RandomSource RandomSource::secure()
{
    RandomSource r;
    r.m_secure = true;
    r.m_buffer = std::make_unique<std::uint64_t[]>(kBlockWords);
    r.refill(); // fails here, not in the middle of a randomization, when the OS has no entropy source
    return r;
}

RandomSource::RandomSource(RandomSource&& o) noexcept
    : m_secure(o.m_secure), m_seed(o.m_seed), m_engine(o.m_engine), m_buffer(std::move(o.m_buffer)),
      m_pos(std::exchange(o.m_pos, 0)), m_len(std::exchange(o.m_len, 0))
{}

RandomSource& RandomSource::operator=(RandomSource&& o) noexcept
{
    if (this != &o) {
        if (m_buffer)
            explicit_bzero(m_buffer.get(), kBlockWords * sizeof(std::uint64_t));
        m_secure = o.m_secure;
        m_seed = o.m_seed;
        m_engine = o.m_engine;
        m_buffer = std::move(o.m_buffer);
        m_pos = std::exchange(o.m_pos, 0);
        m_len = std::exchange(o.m_len, 0);
    }
    return *this;
}

RandomSource::~RandomSource()
{
    if (m_buffer) // do not leave unused secret random bits in freed memory
        explicit_bzero(m_buffer.get(), kBlockWords * sizeof(std::uint64_t));
}

void RandomSource::refill()
{
    if (!m_buffer)
        throw std::runtime_error("the secure random source was moved from and has no buffer");
    auto* bytes = reinterpret_cast<unsigned char*>(m_buffer.get());
    const std::size_t want = kBlockWords * sizeof(std::uint64_t);
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

RandomSource::result_type RandomSource::operator()()
{
    if (!m_secure)
        return m_engine();
    if (m_pos == m_len)
        refill();
    const std::uint64_t v = m_buffer[m_pos];
    m_buffer[m_pos++] = 0; // each word is used once
    return v;
}

double RandomSource::uniform01()
{
    // top 53 bits -> a double in [0, 1) on the grid k * 2^-53
    return static_cast<double>((*this)() >> 11) * 0x1.0p-53;
}

std::uint64_t RandomSource::below(std::uint64_t n)
{
    if (n == 0)
        throw std::invalid_argument("RandomSource::below(0): the range is empty");
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
    if (m_secure)
        return "secure (OS CSPRNG)";
    return "seeded (seed " + std::to_string(m_seed) + "): reproducible, not for release";
}

} // namespace rr
