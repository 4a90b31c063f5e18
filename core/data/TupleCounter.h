#pragma once
// Weighted counts of code tuples (one code per used attribute), for tables whose domain is not known
// yet: only the combinations that occur take memory. Open addressing over the tuples' hashes.
#include <cstdint>
#include <cstring>
#include <vector>

namespace rr {

class TupleCounter {
public:
    explicit TupleCounter(std::size_t width) : m_width(width) { m_slots.assign(64, kEmpty); }

    std::size_t width() const { return m_width; }
    std::size_t size() const { return m_counts.size(); }
    const std::uint32_t* tuple(std::size_t i) const { return m_tuples.data() + i * m_width; }
    double count(std::size_t i) const { return m_counts[i]; }

    void add(const std::uint32_t* codes, double weight)
    {
        const std::uint64_t h = hash(codes);
        std::size_t i = h & (m_slots.size() - 1);
        for (;; i = (i + 1) & (m_slots.size() - 1)) {
            const std::uint32_t e = m_slots[i];
            if (e == kEmpty)
                break;
            if (m_hashes[e] == h && std::memcmp(tuple(e), codes, m_width * sizeof(std::uint32_t)) == 0) {
                m_counts[e] += weight;
                return;
            }
        }
        const auto e = static_cast<std::uint32_t>(m_counts.size());
        m_tuples.insert(m_tuples.end(), codes, codes + m_width);
        m_hashes.push_back(h);
        m_counts.push_back(weight);
        m_slots[i] = e;
        if (m_counts.size() * 2 > m_slots.size())
            grow();
    }

private:
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    std::uint64_t hash(const std::uint32_t* codes) const
    {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (std::size_t k = 0; k < m_width; ++k) {
            h ^= codes[k];
            h *= 0xBF58476D1CE4E5B9ull;
            h ^= h >> 31;
        }
        return h;
    }
    void grow()
    {
        std::vector<std::uint32_t> slots(m_slots.size() * 2, kEmpty);
        for (std::size_t e = 0; e < m_counts.size(); ++e) {
            std::size_t i = m_hashes[e] & (slots.size() - 1);
            while (slots[i] != kEmpty)
                i = (i + 1) & (slots.size() - 1);
            slots[i] = static_cast<std::uint32_t>(e);
        }
        m_slots.swap(slots);
    }

    std::size_t m_width;
    std::vector<std::uint32_t> m_tuples;
    std::vector<std::uint64_t> m_hashes;
    std::vector<double> m_counts;
    std::vector<std::uint32_t> m_slots;
};

} // namespace rr
