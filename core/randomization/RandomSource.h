#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>

namespace rr {

// The key of a family of independent random streams (see RandomSource::stream), drawn from a parent
// source: secure when the parent is the OS CSPRNG, reproducible (and labelled so) when it is seeded.
struct StreamKey {
    std::array<unsigned char, 32> bytes{};
    bool secure = false;
    std::string parent; // the parent's description
    ~StreamKey();
};

// Source of uniform random bits for randomizing records.
// - seeded(): std::mt19937_64 from a seed: reproducible exploration only, never for release.
// - secure(): the operating system's CSPRNG (getrandom(2)); use it for any table meant for release.
// - stream(key, id): libsodium's ChaCha20 (IETF) keyed by `key` with `id` as the nonce: one independent
//   stream per chunk of records, so chunks can be randomized in parallel and, from a seeded key, the same
//   whatever the number of threads.
class RandomSource {
public:
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type(0); }

    static RandomSource seeded(std::uint64_t seed);
    static RandomSource secure();
    static RandomSource stream(const StreamKey& key, std::uint64_t id);

    // 32 bytes of this source as the key of a stream family.
    StreamKey drawStreamKey();

    result_type operator()()
    {
        if (m_pos == m_len || m_kind == Kind::Seeded)
            return next();
        const std::uint64_t v = m_buffer[m_pos];
        m_buffer[m_pos++] = 0; // each word is used once
        return v;
    }
    // Uniform double in [0, 1) with 53 random bits.
    double uniform01()
    {
        // top 53 bits -> a double in [0, 1) on the grid k * 2^-53
        return static_cast<double>((*this)() >> 11) * 0x1.0p-53;
    }
    // Uniform integer in [0, n).
    std::uint64_t below(std::uint64_t n);

    bool isSecure() const { return m_secure; }
    // "seeded (seed N): reproducible, not for release" or "secure (OS CSPRNG)".
    std::string description() const;

    RandomSource(RandomSource&&) noexcept;
    RandomSource& operator=(RandomSource&&) noexcept;
    ~RandomSource();

private:
    RandomSource() = default;
    void refill();
    result_type next(); // the engine's, or a buffer refilled

    enum class Kind { Seeded, Os, ChaCha };
    Kind m_kind = Kind::Seeded;
    bool m_secure = false;
    std::uint64_t m_seed = 0;
    // ChaCha streams: the key, the nonce (the stream id), the next 64-byte block and the parent's words.
    std::array<unsigned char, 32> m_key{};
    std::array<unsigned char, 12> m_nonce{};
    std::uint32_t m_block = 0;
    std::string m_parent;
    std::mt19937_64 m_engine;
    // buffered OS entropy
    std::unique_ptr<std::uint64_t[]> m_buffer;
    std::size_t m_pos = 0, m_len = 0;
};

} // namespace rr
