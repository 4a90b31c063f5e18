#include "core/analysis/DefaultRoles.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace rr {
namespace {

constexpr std::array<std::string_view, 14> kSensitiveWords{
    "sensitive", "diagnosis", "diagnoses", "disease", "illness", "health", "condition",
    "income",    "salary",    "wage",      "religion", "sexuality", "hiv",     "crime"};

std::vector<std::string> wordsOf(const std::string& name)
{
    std::vector<std::string> words(1);
    for (unsigned char c : name) {
        if (std::isalpha(c))
            words.back() += static_cast<char>(std::tolower(c));
        else if (!words.back().empty())
            words.emplace_back();
    }
    if (words.back().empty())
        words.pop_back();
    return words;
}

bool hasEmgrw(const std::vector<std::pair<std::string, int>>& attributes)
{
    auto has = [&](const std::string& n) {
        return std::any_of(attributes.begin(), attributes.end(), [&](const auto& a) { return a.first == n; });
    };
    return has("education") && has("marital-status") && has("sex") && has("race") && has("workclass");
}

bool fewValues(const std::pair<std::string, int>& a, int most)
{
    return a.second >= 2 && a.second <= most;
}

// The last column that passes `ok`, or nullptr.
const std::pair<std::string, int>* lastWhere(const std::vector<std::pair<std::string, int>>& attributes,
                                             const auto& ok)
{
    for (auto it = attributes.rbegin(); it != attributes.rend(); ++it)
        if (ok(*it))
            return &*it;
    return nullptr;
}

} // namespace

bool nameSaysSensitive(const std::string& name)
{
    for (const std::string& w : wordsOf(name))
        if (std::find(kSensitiveWords.begin(), kSensitiveWords.end(), w) != kSensitiveWords.end())
            return true;
    return false;
}

DefaultRoles defaultRoles(const std::vector<std::pair<std::string, int>>& attributes)
{
    DefaultRoles roles;
    if (hasEmgrw(attributes)) {
        roles.spec.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
        roles.spec.sensitive = "workclass";
        roles.reason = SensitiveReason::Published;
        return roles;
    }
    const auto candidate = [](const auto& a) { return fewValues(a, kMaxDefaultSensitiveValues); };
    if (const auto* named = lastWhere(attributes, [&](const auto& a) { return candidate(a) && nameSaysSensitive(a.first); })) {
        roles.spec.sensitive = named->first;
        roles.reason = SensitiveReason::Named;
    } else if (const auto* last = lastWhere(attributes, candidate)) {
        roles.spec.sensitive = last->first;
        roles.reason = SensitiveReason::Guessed;
    }
    for (const auto& a : attributes) // up to four other small attributes as quasi-identifiers
        if (fewValues(a, 64) && a.first != roles.spec.sensitive && roles.spec.quasiIdentifiers.size() < 4)
            roles.spec.quasiIdentifiers.push_back(a.first);
    return roles;
}

} // namespace rr
