#include "ui/release/InferenceText.h"

#include "ui/charts/ChartStyle.h"

#include <QCoreApplication>

#include "core/risk/TargetMeaning.h"

#include <QObject>

namespace rr::ui {

namespace {

const char* const kAmber = "#b03a00";
const char* const kGreen = "#1a7f37";

QString percent(double share)
{
    return QString::number(100 * share, 'f', 1) + '%';
}

QString name(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

// "sex = Male, race = White: 670 of 862 have Private (77.7%)" for up to three groups over the target.
QString groupsOverTarget(const SensitiveInference& i)
{
    QStringList lines;
    for (std::size_t k = 0; k < i.inference.overTau.size() && k < 3; ++k) {
        const GroupShare& g = i.inference.overTau[k];
        lines << QObject::tr("%1: %2 of %3 have %4 (%5)")
                     .arg(name(i.groupLabel(g.group)), style::count(g.holders), style::count(g.records),
                          name(i.values[static_cast<std::size_t>(g.value)]), percent(g.share));
    }
    return lines.join("; ");
}

} // namespace

QString recordRiskParagraph(const ReleaseSummary& s)
{
    return QObject::tr("<p><b>Linking a person to the released records</b> (%1): what it reveals beyond chance is "
              "<span style='color:%2'><b>%3</b> %4 the target 1/l = %5</span> at its largest (%6 records above "
              "the target). It counts what a person's own randomized record adds, not what the published shares of "
              "their group say (below).</p>")
        .arg(style::modeName(s.mode), s.meetsTau ? kGreen : kAmber)
        .arg(s.risk.maxRisk, 0, 'f', 4)
        .arg(s.meetsTau ? "\u2264" : ">")
        .arg(s.tau, 0, 'f', 3)
        .arg(style::count(s.risk.recordsOverTau));
}

bool sharesExceedTarget(const ReleaseSummary& s)
{
    for (const SensitiveInference& i : s.inference)
        if (i.inference.groupsMax > s.tau)
            return true;
    return false;
}

QString inferenceParagraph(const ReleaseSummary& s)
{
    QString html;
    for (const SensitiveInference& i : s.inference) {
        const ShareInference& f = i.inference;
        const bool over = f.groupsMax > s.tau;
        html += over ? QString("<p style='color:%1'>").arg(kAmber) : QString("<p>");
        html += QObject::tr("<b>What the published shares of %1 reveal</b>: the release keeps each "
                   "group's shares (that is what makes it useful), so guessing each person's group's most common value "
                   "is right for %2 of the persons; guessing %3 for everyone, for %4. The largest share in a group is "
                   "%5.")
                    .arg(name(i.attribute), percent(f.groupsMean),
                         name(i.values[static_cast<std::size_t>(f.priorValue)]), percent(f.priorShare),
                         percent(f.groupsMax));
        if (over)
            html += QObject::tr(" %1 records are in groups above the target: %2. No p changes this: merge categories of the "
                       "quasi-identifiers, drop a quasi-identifier, or release knowing it.")
                        .arg(style::count(f.recordsOverTau), groupsOverTarget(i));
        html += "</p>";
    }
    return html;
}

QString warningsParagraph(const ReleaseSummary& s)
{
    QString html;
    for (const std::string& w : s.warnings) {
        QString text = name(w);
        for (const SensitiveInference& i : s.inference) // core's sentence, in the GUI's own words to translate
            if (w == sensitiveInClearWarning(i.attribute))
                text = QObject::tr("%1 leaves in clear (p = 1): every record keeps its true %1. It is protected only "
                                   "because the randomized quasi-identifiers make it hard to link a person to their "
                                   "record; whoever links one reads the true value, and each group's published "
                                   "shares of %1 reveal what they reveal (see inference).")
                           .arg(name(i.attribute));
        if (!text.isEmpty()) // core's sentences are lower-case and end without a stop (the CLI's notes)
            text[0] = text[0].toUpper();
        if (!text.endsWith('.'))
            text += '.';
        html += QString("<p style='color:%1'>\u26A0 %2</p>").arg(kAmber, text);
    }
    return html;
}

} // namespace rr::ui
