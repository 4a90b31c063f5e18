#pragma once
// Index of a variable's distinct values by their keys (StatFileValue::key): numbers by their 64 bits (a
// cheap hash), strings by their text.
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>

namespace rr {

class StatKeyIndex {
public:
    // The index of `key`, or null.
    const std::int32_t* find(const std::string& key, bool isString) const
    {
        if (isNumber(key, isString)) {
            const auto it = m_numbers.find(bits(key));
            return it == m_numbers.end() ? nullptr : &it->second;
        }
        const auto it = m_strings.find(key);
        return it == m_strings.end() ? nullptr : &it->second;
    }
    void insert(const std::string& key, bool isString, std::int32_t index)
    {
        if (isNumber(key, isString))
            m_numbers.emplace(bits(key), index);
        else
            m_strings.emplace(key, index);
    }

private:
    static bool isNumber(const std::string& key, bool isString) { return !isString && key.size() == sizeof(double); }
    static std::uint64_t bits(const std::string& key)
    {
        std::uint64_t b = 0;
        std::memcpy(&b, key.data(), sizeof b);
        return b;
    }

    std::unordered_map<std::uint64_t, std::int32_t> m_numbers;
    std::unordered_map<std::string, std::int32_t> m_strings;
};

} // namespace rr
