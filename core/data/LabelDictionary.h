#pragma once
// Labels to codes in order of first appearance, looked up by std::string_view without copying: the
// per-column dictionary of the CSV reader's hot loop. Open addressing over a hash of 8-byte words.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

class LabelDictionary {
public:
    LabelDictionary() { m_slots.assign(64, kEmpty); }

    std::size_t size() const { return m_labels.size(); }
    const std::vector<std::string>& labels() const { return m_labels; }
    const std::string& label(std::int32_t code) const { return m_labels[static_cast<std::size_t>(code)]; }

    // The code of `label`, or -1.
    std::int32_t find(std::string_view label) const
    {
        const std::uint64_t h = hash(label);
        for (std::size_t i = h & (m_slots.size() - 1);; i = (i + 1) & (m_slots.size() - 1)) {
            const std::int32_t code = m_slots[i];
            if (code == kEmpty)
                return -1;
            if (m_hashes[static_cast<std::size_t>(code)] == h && m_labels[static_cast<std::size_t>(code)] == label)
                return code;
        }
    }

    // The code of `label`, added at the end when new.
    std::int32_t insert(std::string_view label)
    {
        const std::uint64_t h = hash(label);
        std::size_t i = h & (m_slots.size() - 1);
        for (;; i = (i + 1) & (m_slots.size() - 1)) {
            const std::int32_t code = m_slots[i];
            if (code == kEmpty)
                break;
            if (m_hashes[static_cast<std::size_t>(code)] == h && m_labels[static_cast<std::size_t>(code)] == label)
                return code;
        }
        const auto code = static_cast<std::int32_t>(m_labels.size());
        m_labels.emplace_back(label);
        m_hashes.push_back(h);
        m_slots[i] = code;
        if (m_labels.size() * 2 > m_slots.size())
            grow();
        return code;
    }

    static std::uint64_t hash(std::string_view s)
    {
        // 8 bytes at a time with a multiply-xorshift mix; labels are short and mostly ASCII.
        std::uint64_t h = 0x9E3779B97F4A7C15ull ^ s.size();
        std::size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) {
            std::uint64_t w;
            std::memcpy(&w, s.data() + i, 8);
            h = mix(h ^ w);
        }
        if (i < s.size()) {
            std::uint64_t w = 0;
            std::memcpy(&w, s.data() + i, s.size() - i);
            h = mix(h ^ w);
        }
        return h;
    }

private:
    static constexpr std::int32_t kEmpty = -1;
    static std::uint64_t mix(std::uint64_t x)
    {
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 31;
        x *= 0x94D049BB133111EBull;
        return x ^ (x >> 29);
    }
    void grow()
    {
        std::vector<std::int32_t> slots(m_slots.size() * 2, kEmpty);
        for (std::size_t c = 0; c < m_labels.size(); ++c) {
            std::size_t i = m_hashes[c] & (slots.size() - 1);
            while (slots[i] != kEmpty)
                i = (i + 1) & (slots.size() - 1);
            slots[i] = static_cast<std::int32_t>(c);
        }
        m_slots.swap(slots);
    }

    std::vector<std::string> m_labels;
    std::vector<std::uint64_t> m_hashes;
    std::vector<std::int32_t> m_slots;
};

} // namespace rr
