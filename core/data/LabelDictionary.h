#pragma once
// Labels to codes in order of first appearance, looked up by std::string_view without copying: the
// per-column dictionary of the CSV readers' hot loops. A label is keyed by its length and two 8-byte words
// (its first and last bytes, read with fixed-size loads that never pass its end), which identify a label of
// up to 16 bytes outright: most lookups compare three integers, no memcmp. Open addressing, slots hold codes.
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
        const Key k = keyOf(label);
        for (std::size_t i = slotOf(k);; i = (i + 1) & (m_slots.size() - 1)) {
            const std::int32_t code = m_slots[i];
            if (code == kEmpty || matches(code, k, label))
                return code;
        }
    }

    // The code of `label`, added at the end when new.
    std::int32_t insert(std::string_view label)
    {
        const Key k = keyOf(label);
        std::size_t i = slotOf(k);
        for (;; i = (i + 1) & (m_slots.size() - 1)) {
            const std::int32_t code = m_slots[i];
            if (code == kEmpty)
                break;
            if (matches(code, k, label))
                return code;
        }
        const auto code = static_cast<std::int32_t>(m_labels.size());
        m_labels.emplace_back(label);
        m_keys.push_back(k);
        m_slots[i] = code;
        if (m_labels.size() * 2 > m_slots.size())
            grow();
        return code;
    }

private:
    struct Key {
        std::uint64_t head = 0; // the first bytes (up to 8)
        std::uint64_t tail = 0; // the last 8 bytes of a label of 8 or more
        std::uint64_t size = 0;
    };
    static constexpr std::int32_t kEmpty = -1;

    template <typename T>
    static T load(const char* p)
    {
        T v;
        std::memcpy(&v, p, sizeof v);
        return v;
    }
    // For a given length the words hold every byte of a label up to 16 bytes (overlapping loads).
    static Key keyOf(std::string_view s)
    {
        const char* p = s.data();
        const std::size_t n = s.size();
        Key k;
        k.size = n;
        if (n >= 8) {
            k.head = load<std::uint64_t>(p);
            k.tail = load<std::uint64_t>(p + n - 8);
        } else if (n >= 4) {
            k.head = load<std::uint32_t>(p) | (std::uint64_t(load<std::uint32_t>(p + n - 4)) << 32);
        } else if (n > 0) {
            k.head = std::uint64_t(std::uint8_t(p[0])) | (std::uint64_t(std::uint8_t(p[n / 2])) << 8) |
                     (std::uint64_t(std::uint8_t(p[n - 1])) << 16);
        }
        return k;
    }
    std::size_t slotOf(const Key& k) const
    {
        std::uint64_t h = (k.head ^ (k.size << 56)) * 0x9E3779B97F4A7C15ull;
        h ^= (k.tail + (h >> 29)) * 0xBF58476D1CE4E5B9ull;
        return static_cast<std::size_t>(h >> 32) & (m_slots.size() - 1);
    }
    bool matches(std::int32_t code, const Key& k, std::string_view label) const
    {
        const Key& e = m_keys[static_cast<std::size_t>(code)];
        if (e.head != k.head || e.tail != k.tail || e.size != k.size)
            return false;
        return k.size <= 16 || std::memcmp(m_labels[static_cast<std::size_t>(code)].data(), label.data(), k.size) == 0;
    }
    void grow()
    {
        m_slots.assign(m_slots.size() * 2, kEmpty);
        for (std::size_t c = 0; c < m_labels.size(); ++c) {
            std::size_t i = slotOf(m_keys[c]);
            while (m_slots[i] != kEmpty)
                i = (i + 1) & (m_slots.size() - 1);
            m_slots[i] = static_cast<std::int32_t>(c);
        }
    }

    std::vector<std::string> m_labels;
    std::vector<Key> m_keys;
    std::vector<std::int32_t> m_slots;
};

} // namespace rr
