#include "ui/export/ComparisonTable.h"

#include "core/release/ComparisonRun.h"
#include "ui/comparison/ComparisonMeasures.h"

#include <QObject>
#include <QRegularExpression>

namespace rr::ui {
namespace {

constexpr ComparisonMeasure kMeasures[] = {ComparisonMeasure::MaxRisk,
                                           ComparisonMeasure::VariationalDistance,
                                           ComparisonMeasure::L2,
                                           ComparisonMeasure::KL,
                                           ComparisonMeasure::ChiSquare,
                                           ComparisonMeasure::BaseQueryError,
                                           ComparisonMeasure::CubeQueryError,
                                           ComparisonMeasure::UncertaintyQiS,
                                           ComparisonMeasure::UncertaintyQiQi,
                                           ComparisonMeasure::GroupShareMax,
                                           ComparisonMeasure::GroupShareMean};

QString shortName(ComparisonMeasure m)
{
    switch (m) {
    case ComparisonMeasure::MaxRisk: return QObject::tr("max risk");
    case ComparisonMeasure::VariationalDistance: return QObject::tr("d<sub>V</sub>");
    case ComparisonMeasure::L2: return QObject::tr("L2");
    case ComparisonMeasure::KL: return QObject::tr("KL");
    case ComparisonMeasure::ChiSquare: return QObject::tr("\u03C7\u00B2");
    case ComparisonMeasure::BaseQueryError: return QObject::tr("base query error");
    case ComparisonMeasure::CubeQueryError: return QObject::tr("cube query error");
    case ComparisonMeasure::UncertaintyQiS: return QObject::tr("U QI\u2192S");
    case ComparisonMeasure::UncertaintyQiQi: return QObject::tr("U QI\u2192QI");
    case ComparisonMeasure::GroupShareMax: return QObject::tr("largest group share");
    case ComparisonMeasure::GroupShareMean: return QObject::tr("guessed from shares");
    }
    return {};
}

// Why a measure has no value: the distance's own reason where there is one.
QString undefinedReason(const MethodUtility& u, ComparisonMeasure m)
{
    const DistanceValue* d = m == ComparisonMeasure::VariationalDistance ? &u.distances.dV
                             : m == ComparisonMeasure::L2                ? &u.distances.L2
                             : m == ComparisonMeasure::KL                ? &u.distances.KL
                             : m == ComparisonMeasure::ChiSquare         ? &u.distances.chi2
                                                                         : nullptr;
    if (d && !d->defined && !d->note.empty()) {
        const QString note = QString::fromStdString(d->note);
        return note.startsWith("undefined: ") ? note.mid(11) : note;
    }
    return QObject::tr("no value");
}

} // namespace

QString comparisonParameters(const ComparisonRun& run)
{
    const auto& results = run.sweep.results;
    if (results.empty())
        return {};
    // The model of the whole range: "entropy l-diversity", not the first l's "entropy 2-diversity".
    QString model = QString::fromStdString(results.front().privacyModel);
    if (results.size() > 1)
        model.replace(QRegularExpression(QString("\\b%1(\\)?-diversity)").arg(results.front().l)), "l\\1");
    return QObject::tr("l = %1..%2 (\u03C4 = 1/l), %3, %4 records")
        .arg(results.front().l)
        .arg(results.back().l)
        .arg(model)
        .arg(run.records ? static_cast<qulonglong>(run.records->rowCount()) : 0ULL);
}

QString comparisonReportSection(const ComparisonRun& run)
{
    // On a page of its own, its header row repeated on every page it runs over (a <thead> is the
    // QTextDocument table's header rows): the header no longer ends page 1 with its rows on page 2 (issue 45).
    QString h = QObject::tr("<h2 style=\"page-break-before: always\">Comparison table: l-diversity, t-closeness, "
                            "anatomy and RR-QI</h2><p>%1. Each row is "
                            "one method released at the privacy requirement \u03C4 = 1/l of its l.</p>")
                    .arg(comparisonParameters(run).toHtmlEscaped());
    h += "<table class=\"compact\" width=\"100%\"><thead><tr><th>l</th><th>" + QObject::tr("method") + "</th>";
    for (ComparisonMeasure m : kMeasures)
        h += "<th>" + shortName(m) + "</th>";
    h += "</tr></thead><tbody>";
    QStringList notes;
    for (const ComparisonResult& r : run.sweep.results) {
        bool first = true;
        for (ComparisonMethod method : kComparisonMethods) {
            h += "<tr>";
            if (first)
                h += QString("<td rowspan=\"%1\" valign=\"top\" class=\"number\">l = %2</td>")
                         .arg(std::size(kComparisonMethods))
                         .arg(r.l);
            first = false;
            h += "<td class=\"number\">" + methodName(method).toHtmlEscaped() + "</td>";
            const MethodUtility& u = methodResult(r, method);
            if (!u.available) {
                h += QString("<td colspan=\"%1\">%2</td>")
                         .arg(std::size(kMeasures))
                         .arg(QObject::tr("undefined: %1")
                                  .arg(u.note.empty() ? QObject::tr("no release at this l")
                                                      : QString::fromStdString(u.note).toHtmlEscaped()));
            } else {
                for (ComparisonMeasure m : kMeasures) {
                    if (const auto v = measureValue(r, method, m)) {
                        h += "<td class=\"number\">" + QString::number(*v, 'g', 4) + "</td>";
                        continue;
                    }
                    // Long reasons go below the table, numbered.
                    notes << QObject::tr("%1 at l = %2, %3: undefined: %4")
                                 .arg(methodName(method))
                                 .arg(r.l)
                                 .arg(shortName(m), undefinedReason(u, m).toHtmlEscaped());
                    h += QString("<td class=\"number\">%1<sup>%2</sup></td>")
                             .arg(QObject::tr("undefined"))
                             .arg(notes.size());
                }
            }
            h += "</tr>";
        }
    }
    h += "</tbody></table>";
    if (!notes.isEmpty()) {
        h += "<ol style=\"font-size:small\">";
        for (const QString& n : notes)
            h += "<li>" + n + "</li>";
        h += "</ol>";
    }
    return h;
}

} // namespace rr::ui
