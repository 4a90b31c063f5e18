#pragma once
// The earth mover's distance between two distributions of a categorical sensitive attribute, under the two
// ground distances of t-closeness (Li, Li and Venkatasubramanian 2007, Sec. 4.2).
#include "core/anonymization/Hierarchy.h"

#include <string>
#include <vector>

namespace rr {

// Which ground distance between sensitive values the EMD uses.
enum class GroundDistance {
    Equal,        // every pair of distinct values at distance 1
    Hierarchical, // level of the lowest common ancestor in S's hierarchy / its height
};
// "equal" or "hierarchical"; InputError naming the choices otherwise.
GroundDistance parseGroundDistance(const std::string& name);
std::string toString(GroundDistance d);

// EMD under equal distance: 1/2 sum_i |p_i - q_i| (Li et al. 2007, Sec. 4.2, "EMD for categorical
// attributes", equal distance). `p` and `q` are probability vectors of the same length.
double equalDistanceEmd(const std::vector<double>& p, const std::vector<double>& q);

// EMD under hierarchical distance: sum over the internal nodes N of S's hierarchy of
// level(N) / H * min(pos_extra(N), neg_extra(N)), where extra(leaf i) = p_i - q_i, extra(N) = sum of its
// children's extra, pos_extra / neg_extra = the sum of the children's positive / |negative| extra and H the
// hierarchy's height (Li et al. 2007, Sec. 4.2, hierarchical distance). `sensitive` is S's hierarchy bound
// to its categories (p_i, q_i are those of category i); a hierarchy of height 0 gives 0.
double hierarchicalEmd(const std::vector<double>& p, const std::vector<double>& q,
                       const AttributeGeneralization& sensitive);

} // namespace rr
