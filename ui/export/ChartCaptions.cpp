#include "ui/export/ChartCaptions.h"

#include <QCoreApplication>

#include <map>

namespace rr::ui {
namespace {

struct Caption {
    const char* heading;
    const char* text;
};

// The table workspace's analysis charts: distribution, risk, surface, intervals, trade-off.
std::map<QString, Caption> analysisCaptions()
{
    return {
        {"distribution",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Reconstructed distribution"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "For each category (or cell) the share in the original records, the share expected after "
                            "randomization, and the share estimated back from one simulated release at these "
                            "parameters; the closer the estimate to the original, the more useful the release.")}},
        {"risk",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Attribute disclosure risk per record"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "How the records' risk Pr(S|QI) is spread: the probability that an attacker who knows "
                            "a person's quasi-identifiers guesses the sensitive value right after randomization. "
                            "Records right of the line \u03C4 = 1/l are above the target.")}},
        {"reidentification",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Re-identification risk per record"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "The chance that an attacker who knows a person's quasi-identifiers, and that the person "
                            "is in the release, picks the person's own record among the released records with those "
                            "values: the share of records in each tenth of [0, 1], for the original data (1 / size "
                            "of the QI group) and at the current p (log scale).")}},
        {"surface",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Maximum risk over two retention probabilities"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "The highest record risk for every pair of retention probabilities p of the two "
                            "attributes on the axes (the others held at their current p); the contour marks "
                            "\u03C4 and the marked point the current parameters.")}},
        {"intervals",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Uncertainty of an estimate as p varies"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "The range in which the estimated share of one cell falls (Chebyshev and normal bounds) "
                            "as the retention probability p of one attribute varies, the others held fixed; wide "
                            "ranges mean the release says little about that cell.")}},
        {"tradeoff",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Privacy-utility trade-off"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "Each point is the optimal release for one privacy target l: its maximum risk against "
                            "its utility loss; the marked point is the current parameters.")}},
    };
}

// The measures', rules', comparison's and without-p charts.
std::map<QString, Caption> measureCaptions()
{
    return {
        {"measures_forest",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Association measures: original and randomized"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "Each association measure computed on the original records and estimated from the "
                            "randomized release, with its interval.")}},
        {"measures_sweep",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Association measures over the retention probability"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "How the estimated measures move as the retention probability p changes.")}},
        {"rules",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Association rules: original and randomized"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "Support and confidence of the rules mined from the original records beside those "
                            "estimated from the randomized release.")}},
        {"comparison",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Comparison with l-diversity and anatomy"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "The chosen measure for l-diversity (generalization), anatomy and randomized response "
                            "(RR-QI), each released at the same privacy requirement \u03C4 = 1/l, for every l of "
                            "the run; the table below gives every measure.")}},
        {"uncertainty",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Uncertainty coefficients of the released data"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "How much each attribute tells about another in the release (0: nothing, 1: "
                            "everything), for the method and l shown.")}},
        {"withoutp",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Measures without knowing p"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "The measure computed from the randomized data alone over the distortion parameters.")}},
    };
}

// The Baskets workspace's charts.
std::map<QString, Caption> basketCaptions()
{
    return {
        {"basket-breach",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Basket privacy breaches"),
          QT_TRANSLATE_NOOP("ChartCaptions",
                            "The largest posterior probability of an item given the randomized basket.")}},
        {"basket-supports",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Recovered itemset supports"),
          QT_TRANSLATE_NOOP("ChartCaptions", "True supports of itemsets against those recovered from the "
                                             "randomized baskets.")}},
        {"basket-mining",
         {QT_TRANSLATE_NOOP("ChartCaptions", "Mining quality"),
          QT_TRANSLATE_NOOP("ChartCaptions", "Frequent itemsets found in the randomized baskets: true and "
                                             "false positives and misses.")}},
    };
}

const std::map<QString, Caption>& captions()
{
    static const std::map<QString, Caption> table = [] {
        std::map<QString, Caption> all = analysisCaptions();
        all.merge(measureCaptions());
        all.merge(basketCaptions());
        return all;
    }();
    return table;
}

} // namespace

QString chartHeading(const QString& chartName)
{
    const auto it = captions().find(chartName);
    return it == captions().end() ? chartName : QCoreApplication::translate("ChartCaptions", it->second.heading);
}

QString chartCaption(const QString& chartName)
{
    const auto it = captions().find(chartName);
    return it == captions().end() ? QString() : QCoreApplication::translate("ChartCaptions", it->second.text);
}

} // namespace rr::ui
