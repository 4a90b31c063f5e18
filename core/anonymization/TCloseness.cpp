#include "core/anonymization/TCloseness.h"

#include "core/data/Errors.h"

#include <cmath>
#include <numeric>
#include <sstream>

namespace rr {

TCloseness::TCloseness(double t, GroundDistance distance, std::vector<double> overall,
                       std::optional<AttributeGeneralization> sensitive)
    : m_t(t), m_distance(distance), m_overall(std::move(overall)), m_sensitive(std::move(sensitive))
{
    if (!(std::isfinite(t) && t > 0 && t <= 1)) {
        std::ostringstream os;
        os << "t of t-closeness must be in (0, 1], got " << t;
        throw InputError(os.str());
    }
    const double sum = std::accumulate(m_overall.begin(), m_overall.end(), 0.0);
    if (m_overall.empty() || std::abs(sum - 1) > 1e-9)
        throw InputError("t-closeness needs the sensitive distribution of the whole table (summing to 1)");
    if (distance == GroundDistance::Hierarchical && !m_sensitive)
        throw InputError("t-closeness with the hierarchical distance needs a hierarchy of the sensitive attribute");
    if (m_sensitive && m_sensitive->codeAt.at(0).size() != m_overall.size())
        throw InputError("the hierarchy of '" + m_sensitive->attribute + "' covers " +
                         std::to_string(m_sensitive->codeAt[0].size()) + " values, the sensitive attribute has " +
                         std::to_string(m_overall.size()));
}

std::string TCloseness::name() const
{
    std::ostringstream os;
    os << m_t << "-closeness (" << toString(m_distance) << " distance)";
    return os.str();
}

double TCloseness::distance(const EquivalenceClass& c) const
{
    if (c.size <= 0)
        return 0;
    std::vector<double> p(c.sensitive.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        p[i] = c.sensitive[i] / c.size;
    return m_distance == GroundDistance::Equal ? equalDistanceEmd(p, m_overall)
                                               : hierarchicalEmd(p, m_overall, *m_sensitive);
}

// Li, Li, Venkatasubramanian 2007, Def. 2; a class exactly at t is accepted up to rounding.
bool TCloseness::isAnonymous(const EquivalenceClass& c) const
{
    return distance(c) <= m_t + 1e-12;
}

std::vector<double> sensitiveDistribution(const ContingencyTable& joint)
{
    const int ds = joint.dims().back();
    std::vector<double> q(static_cast<std::size_t>(ds), 0.0);
    const Eigen::VectorXd& counts = joint.counts();
    for (Eigen::Index i = 0; i < counts.size(); ++i)
        q[static_cast<std::size_t>(i % ds)] += counts[i];
    const double total = std::accumulate(q.begin(), q.end(), 0.0);
    if (total <= 0)
        throw InputError("t-closeness needs at least one record");
    for (double& v : q)
        v /= total;
    return q;
}

AttributeGeneralization sensitiveHierarchyFrom(const std::string& folder, const Attribute& sensitive)
{
    const std::string& name = sensitive.name;
    const std::string file = folder.empty() ? std::string() : findHierarchyFile(folder, name);
    if (file.empty())
        throw InputError("t-closeness with the hierarchical distance needs a hierarchy of the sensitive attribute '" +
                         name + "' (" + name + ".csv or *hierarchy_" + name + ".csv) in the hierarchy folder" +
                         (folder.empty() ? " (none given)" : " " + folder));
    return bindHierarchy(readHierarchyFile(file), sensitive);
}

} // namespace rr
