#pragma once
#include <cstdint>
#include <memory>
#include <random>
#include <string>

namespace rr {

// Source of uniform random bits for randomizing records.
// - seeded(): std::mt19937_64 from a seed: reproducible exploration only, never for release.
// - secure(): the operating system's CSPRNG (getrandom(2)); use it for any table meant for release.
class RandomSource {
public:
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type(0); }

    static RandomSource seeded(std::uint64_t seed);
    static RandomSource secure();

    result_type operator()();
    // Uniform double in [0, 1) with 53 random bits.
    double uniform01();
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

    bool m_secure = false;
    std::uint64_t m_seed = 0;
    std::mt19937_64 m_engine;
    // buffered OS entropy
    std::unique_ptr<std::uint64_t[]> m_buffer;
    std::size_t m_pos = 0, m_len = 0;
};

} // namespace rr
