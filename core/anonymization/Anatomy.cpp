#include "core/anonymization/Anatomy.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <numeric>

namespace rr {

double AnatomyPlan::groupSize(std::size_t g) const
{
    const auto r = residue.find(g);
    return static_cast<double>(l) + (r == residue.end() ? 0.0 : static_cast<double>(r->second.size()));
}

std::vector<int> AnatomyPlan::valuesOf(std::size_t g) const
{
    const auto first = values.begin() + static_cast<std::ptrdiff_t>(g * static_cast<std::size_t>(l));
    std::vector<int> out(first, first + l);
    if (const auto r = residue.find(g); r != residue.end()) {
        out.insert(out.end(), r->second.begin(), r->second.end());
        std::sort(out.begin(), out.end());
    }
    return out;
}

namespace {

// Xiao and Tao's eligibility: no sensitive value on more than 1/l of the records. The number of records.
std::size_t checkEligible(const std::vector<std::size_t>& bucketSizes, int l, const std::string& name,
                          const std::vector<std::string>& categories)
{
    if (l < 2)
        throw InputError("anatomy needs l >= 2, got " + std::to_string(l));
    std::size_t n = 0;
    for (const std::size_t b : bucketSizes)
        n += b;
    const auto largest = std::max_element(bucketSizes.begin(), bucketSizes.end());
    if (largest != bucketSizes.end())
        if (const int v = static_cast<int>(largest - bucketSizes.begin());
            bucketSizes[v] * static_cast<std::size_t>(l) > n)
            throw InputError("anatomy with l = " + std::to_string(l) + " is impossible: '" + categories.at(v) +
                             "' of '" + name + "' is on " + std::to_string(bucketSizes[v]) + " of " +
                             std::to_string(n) + " records, more than 1/l of them (Xiao and Tao's eligibility)");
    return n;
}

// The records of value v not yet in a group.
inline std::size_t remaining(const AnatomyPlan& out, const std::vector<std::size_t>& bucketSizes, int v)
{
    return bucketSizes[v] - out.groupOfRank[v].size();
}

// Step 2: groups of l records from the l largest buckets (a bucket's records leave in table order).
void formGroups(AnatomyPlan& out, const std::vector<std::size_t>& bucketSizes, int l)
{
    const int ds = static_cast<int>(bucketSizes.size());
    std::vector<int> order(ds);
    std::iota(order.begin(), order.end(), 0);
    std::vector<int> picked(static_cast<std::size_t>(l));
    for (;;) {
        std::partial_sort(order.begin(), order.begin() + std::min(l, ds), order.end(), [&](int a, int b) {
            return remaining(out, bucketSizes, a) != remaining(out, bucketSizes, b)
                       ? remaining(out, bucketSizes, a) > remaining(out, bucketSizes, b)
                       : a < b;
        });
        if (ds < l || remaining(out, bucketSizes, order[l - 1]) == 0)
            break;
        const int g = static_cast<int>(out.groupCount());
        for (int i = 0; i < l; ++i) {
            out.groupOfRank[order[i]].push_back(g);
            picked[static_cast<std::size_t>(i)] = order[i];
        }
        std::sort(picked.begin(), picked.end());
        out.values.insert(out.values.end(), picked.begin(), picked.end());
    }
}

// Whether group grp holds value v already (among its l values or its residual ones).
bool groupHas(const AnatomyPlan& out, std::size_t grp, int v)
{
    const int l = out.l;
    const auto first = out.values.begin() + static_cast<std::ptrdiff_t>(grp * static_cast<std::size_t>(l));
    if (std::binary_search(first, first + l, v))
        return true;
    const auto r = out.residue.find(grp);
    return r != out.residue.end() && std::find(r->second.begin(), r->second.end(), v) != r->second.end();
}

// Step 3: the residue (one record in each of at most l - 1 buckets), each to the first group without its
// value, preferring one no residual record joined yet.
void placeResidue(AnatomyPlan& out, const std::vector<std::size_t>& bucketSizes,
                  const std::vector<std::string>& categories)
{
    const int ds = static_cast<int>(bucketSizes.size());
    const std::size_t groups = out.groupCount();
    for (int v = 0; v < ds; ++v)
        while (remaining(out, bucketSizes, v) > 0) {
            std::size_t g = 0;
            while (g < groups && (groupHas(out, g, v) || out.residue.count(g) > 0))
                ++g;
            if (g == groups)
                for (g = 0; g < groups && groupHas(out, g, v);)
                    ++g;
            if (g == groups) // cannot happen on an eligible table (Xiao and Tao, Property 2)
                throw InputError("anatomy: no group can take a residual record of '" + categories.at(v) + "'");
            out.groupOfRank[v].push_back(static_cast<int>(g));
            out.residue[g].push_back(v);
            ++out.residueRecords;
        }
}

} // namespace

AnatomyPlan planAnatomy(const std::vector<std::size_t>& bucketSizes, int l, const std::string& name,
                        const std::vector<std::string>& categories)
{
    const std::size_t n = checkEligible(bucketSizes, l, name, categories);
    const int ds = static_cast<int>(bucketSizes.size());
    AnatomyPlan out;
    out.l = l;
    out.groupOfRank.resize(ds);
    for (int v = 0; v < ds; ++v)
        out.groupOfRank[v].reserve(bucketSizes[v]);
    out.values.reserve(n);
    formGroups(out, bucketSizes, l);
    placeResidue(out, bucketSizes, categories);
    return out;
}

AnatomyRelease anatomize(const Table& table, int sensitiveAttribute, int l)
{
    if (l < 2)
        throw InputError("anatomy needs l >= 2, got " + std::to_string(l));
    if (!table.weights.empty())
        throw InputError("anatomy groups individual records; the table holds aggregated counts");
    const Attribute& s = table.attributes.at(sensitiveAttribute);
    const std::size_t n = table.rowCount();

    // Xiao-Tao step 1: hash the records into buckets by sensitive value.
    std::vector<std::size_t> sizes(static_cast<std::size_t>(s.domainSize()), 0);
    for (std::size_t r = 0; r < n; ++r) {
        if (s.codes[r] == Attribute::kMissing)
            throw InputError("record " + std::to_string(r + 1) + " has no value for the sensitive attribute '" +
                             s.name + "'");
        ++sizes[static_cast<std::size_t>(s.codes[r])];
    }
    AnatomyPlan plan = planAnatomy(sizes, l, s.name, s.categories);
    AnatomyRelease out;
    out.l = l;
    out.groupOfRow.assign(n, -1);
    std::vector<std::size_t> rank(sizes.size(), 0);
    for (std::size_t r = 0; r < n; ++r) {
        const auto v = static_cast<std::size_t>(s.codes[r]);
        out.groupOfRow[r] = plan.groupOfRank[v][rank[v]++];
    }
    for (std::size_t g = 0; g < plan.groupCount(); ++g) {
        std::vector<std::pair<int, double>> values;
        for (const int v : plan.valuesOf(g))
            values.emplace_back(v, 1.0);
        out.sensitive.push_back(std::move(values));
        out.groupSize.push_back(plan.groupSize(g));
    }
    out.residueRecords = plan.residueRecords;
    return out;
}

Table quasiIdentifierTable(const Table& table, const std::vector<int>& qiAttributes, const AnatomyRelease& release)
{
    if (release.groupOfRow.size() != table.rowCount())
        throw InputError("the anatomy release does not belong to this table");
    Table qit;
    for (int a : qiAttributes)
        qit.attributes.push_back(table.attributes.at(a));
    Attribute group;
    group.name = "group";
    for (std::size_t g = 0; g < release.groupCount(); ++g)
        group.categories.push_back(std::to_string(g + 1));
    group.codes.assign(release.groupOfRow.begin(), release.groupOfRow.end());
    qit.attributes.push_back(std::move(group));
    return qit;
}

Table sensitiveTable(const Table& table, int sensitiveAttribute, const AnatomyRelease& release)
{
    const Attribute& s = table.attributes.at(sensitiveAttribute);
    Table st;
    Attribute group, value;
    group.name = "group";
    value.name = s.name;
    value.categories = s.categories;
    for (std::size_t g = 0; g < release.groupCount(); ++g) {
        group.categories.push_back(std::to_string(g + 1));
        for (const auto& [v, count] : release.sensitive[g]) {
            group.codes.push_back(static_cast<int32_t>(g));
            value.codes.push_back(v);
            st.weights.push_back(count);
        }
    }
    st.attributes.push_back(std::move(group));
    st.attributes.push_back(std::move(value));
    return st;
}

} // namespace rr
