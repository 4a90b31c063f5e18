#include "core/data/MissingTokens.h"

namespace rr {
namespace {
// Up to this many tokens a comparison of each beats hashing the field (what the common "?," costs).
constexpr std::size_t kFew = 8;
} // namespace

MissingTokens::MissingTokens(const std::vector<std::string>& tokens)
{
    if (tokens.size() <= kFew)
        m_few = tokens;
    else
        m_many.insert(tokens.begin(), tokens.end());
}

bool MissingTokens::contains(std::string_view value) const
{
    if (m_many.empty()) {
        for (const std::string& t : m_few)
            if (t.size() == value.size() && t == value)
                return true;
        return false;
    }
    return m_many.find(value) != m_many.end();
}

} // namespace rr
