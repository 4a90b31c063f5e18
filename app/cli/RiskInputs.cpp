#include "app/cli/RiskInputs.h"

#include "core/data/Errors.h"

namespace rr::cli {

std::vector<OptionSpec> riskTableOptions()
{
    return {
        {"qi", "A,B,...", "quasi-identifiers (header names), the attributes an attacker may know"},
        {"sensitive", "S", "the sensitive attribute"},
    };
}

RiskInputs riskInputs(const Table& raw, const Options& options)
{
    std::vector<std::string> names = splitList(options.required("qi"), "qi");
    const std::vector<std::string> s = splitList(options.required("sensitive"), "sensitive");
    if (s.size() != 1)
        throw InputError("--sensitive takes exactly one attribute, got " + std::to_string(s.size()) + " (" +
                         joinNames(s) + ")");
    for (const auto& q : names)
        if (q == s.front())
            throw InputError("attribute '" + q + "' is both a quasi-identifier and the sensitive attribute");
    names.push_back(s.front());
    RiskInputs in;
    in.records = selectRecords(raw, names, options);
    in.joint = buildContingency(in.records.table, in.records.attributes, allRows(in.records.table));
    return in;
}

double parseTau(const std::string& text, const std::string& option)
{
    const double tau = parseNumber(text, option);
    if (!(tau > 0.0 && tau <= 1.0))
        throw InputError(option + " must lie in (0, 1], got " + text);
    return tau;
}

} // namespace rr::cli
