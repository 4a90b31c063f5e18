#pragma once
// The values that mean "missing" (--missing, a session's import tokens) as every reader checks a field
// against them: a few compared in turn (the usual "?" and ""), many looked up in a hash set, so 12,000
// tokens cost one lookup a field, not 12,000 comparisons.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace rr {

class MissingTokens {
public:
    MissingTokens() = default;
    explicit MissingTokens(const std::vector<std::string>& tokens);

    bool contains(std::string_view value) const;
    std::size_t size() const { return m_few.size() + m_many.size(); }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::vector<std::string> m_few; // at most kFew, when there are no more
    std::unordered_set<std::string, Hash, std::equal_to<>> m_many;
};

} // namespace rr
