#include "ui/withoutp/WithoutPView.h"
#include "ui/texts/ErrorText.h"

#include "ui/texts/Citations.h"
#include "ui/texts/CoreTexts.h"

#include "core/analysis/WithoutP.h"
#include "core/data/Errors.h"
#include "core/withoutp/FlipExamples.h"
#include "ui/document/Workspace.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/AttributeChoices.h"
#include "ui/withoutp/MatrixEditor.h"
#include "ui/withoutp/MeasureSurfaceChart.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace rr::ui {

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString shown(const MeasureValue& v)
{
    return v.defined ? QString::number(v.value, 'g', 5) : QObject::tr("undefined: %1").arg(qs(v.reason));
}

QString formText(BoundForm form)
{
    switch (form) {
    case BoundForm::Value: return QObject::tr("ran \u2264 ori");
    case BoundForm::Magnitude: return QObject::tr("|ran| \u2264 |ori|");
    case BoundForm::DistanceFromOne: return QObject::tr("|ran\u2212" "1| \u2264 |ori\u2212" "1|");
    }
    return {};
}

} // namespace

WithoutPView::WithoutPView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    m_chart = new MeasureSurfaceChart;
    buildChoices();
    buildTools();
    buildTable();
    buildLayout();
    connectControls();
}

// The two attributes, their present categories and the measure mapped.
void WithoutPView::buildChoices()
{
    m_first = new QComboBox;
    m_first->setObjectName("withoutPFirst");
    m_second = new QComboBox;
    m_second->setObjectName("withoutPSecond");
    m_firstPresent = new QComboBox;
    m_firstPresent->setObjectName("withoutPFirstPresent");
    m_firstPresent->setToolTip(tr("The category counted as \"present\"; the others are pooled"));
    m_secondPresent = new QComboBox;
    m_secondPresent->setObjectName("withoutPSecondPresent");
    m_secondPresent->setToolTip(m_firstPresent->toolTip());
    m_measure = new QComboBox;
    m_measure->setObjectName("withoutPMeasure");
    for (const MeasureInfo& info : measureCatalog())
        m_measure->addItem(coreText(info.label), qs(info.key));
}

// Reversed orders... and the Matrices menu.
void WithoutPView::buildTools()
{
    m_help = new QToolButton;
    m_help->setText(tr("Reversed orders\u2026"));
    m_help->setToolTip(tr("Computed examples: orders a data miner relies on that randomization reverses (003 Sec. "
                          "4.4, Results 12\u2013" "14)"));
    connect(m_help, &QToolButton::clicked, this, &WithoutPView::showHelp);
    m_matrices = new QToolButton;
    m_matrices->setText(tr("Matrices"));
    m_matrices->setToolTip(tr("Advanced: any distortion matrix for the two attributes in the table of verdicts"));
    m_matrices->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(m_matrices);
    menu->addAction(tr("Rows' matrix\u2026"), this, [this]() { editMatrix(0); });
    menu->addAction(tr("Columns' matrix\u2026"), this, [this]() { editMatrix(1); });
    menu->addAction(tr("Back to Warner p"), this, [this]() { setMatrices({}, {}); });
    m_matrices->setMenu(menu);
}

// The status line and the table of verdicts.
void WithoutPView::buildTable()
{
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_table = new QTableWidget(0, 6);
    m_table->setObjectName("withoutPTable");
    m_table->setAccessibleName(tr("Measures safe without p"));
    m_table->setHorizontalHeaderLabels(
        {tr("Measure"), tr("Safe without p"), tr("Original"), tr("Randomized"), tr("Compared here"), tr("Why")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
}

// Rows and columns one above the other: beside the Parameters panel the view fits 1024 px.
void WithoutPView::buildLayout()
{
    auto* controls = new QGridLayout;
    controls->addWidget(new QLabel(tr("Rows:")), 0, 0);
    controls->addWidget(m_first, 0, 1);
    controls->addWidget(new QLabel(tr("present")), 0, 2);
    controls->addWidget(m_firstPresent, 0, 3);
    controls->addWidget(new QLabel(tr("Columns:")), 1, 0);
    controls->addWidget(m_second, 1, 1);
    controls->addWidget(new QLabel(tr("present")), 1, 2);
    controls->addWidget(m_secondPresent, 1, 3);
    controls->setColumnStretch(4, 1);
    auto* tools = new QHBoxLayout;
    tools->addWidget(new QLabel(tr("Map:")));
    tools->addWidget(m_measure);
    tools->addWidget(m_matrices);
    tools->addWidget(m_help);
    tools->addStretch(1);
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({620, 580});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addLayout(tools);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);
}

// Compact boxes, the choices to the state; p and the analysis recompute.
void WithoutPView::connectControls()
{
    // Compact boxes: the window must still fit 1280 pixels (full names are in the drop-down lists).
    for (QComboBox* box : {m_first, m_second, m_firstPresent, m_secondPresent, m_measure}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(box == m_measure ? 15 : 9);
    }
    for (QComboBox* box : {m_first, m_second, m_firstPresent, m_secondPresent, m_measure})
        connect(box, &QComboBox::activated, this, &WithoutPView::pushChoices);
    connect(m_state, &AnalysisState::viewChanged, this, &WithoutPView::syncFromState);
    // p moves on every slider step: followed while shown, caught up when shown.
    connect(m_state, &AnalysisState::parametersChanged, this, [this]() { whenShown([this]() { recompute(); }); });
    connect(m_workspace, &Workspace::analysisReady, this, &WithoutPView::fillAttributes);
}

ChartView* WithoutPView::chartView() const
{
    return m_chart;
}

void WithoutPView::fillAttributes()
{
    const auto a = m_workspace->analysis();
    m_syncing = true;
    const std::vector<std::string> names = a ? a->names : std::vector<std::string>{};
    fillAttributeBox(m_first, names);
    fillAttributeBox(m_second, names);
    m_syncing = false;
    syncFromState();
}

void WithoutPView::fillPresent(QComboBox* present, const QString& attribute, const std::string& chosen)
{
    present->clear();
    const auto a = m_workspace->analysis();
    if (!a)
        return;
    const int axis = a->axisOf(attribute.toStdString());
    if (axis < 0)
        return;
    for (const std::string& c : a->categories[static_cast<std::size_t>(axis)])
        present->addItem(QString::fromStdString(c), QString::fromStdString(c));
    const int i = present->findData(QString::fromStdString(chosen));
    present->setCurrentIndex(i >= 0 ? i : present->count() - 1); // default: the last category
}

void WithoutPView::syncFromState()
{
    const auto a = m_workspace->analysis();
    if (!a || a->names.size() < 2)
        return;
    m_syncing = true;
    const ViewChoices& v = m_state->view();
    auto pick = [](QComboBox* box, const std::string& name, int fallback) {
        const int i = box->findData(QString::fromStdString(name));
        box->setCurrentIndex(i >= 0 ? i : fallback);
    };
    pick(m_first, v.withoutPFirst, 0);
    pick(m_second, v.withoutPSecond, 1);
    if (m_first->currentIndex() == m_second->currentIndex())
        m_second->setCurrentIndex(m_first->currentIndex() == 0 ? 1 : 0);
    fillPresent(m_firstPresent, m_first->currentData().toString(), v.withoutPFirstPresent);
    fillPresent(m_secondPresent, m_second->currentData().toString(), v.withoutPSecondPresent);
    pick(m_measure, v.withoutPMeasure, m_measure->findData("cosine"));
    m_syncing = false;
    recompute();
}

void WithoutPView::pushChoices()
{
    if (m_syncing)
        return;
    ViewChoices v = m_state->view();
    const std::string first = m_first->currentData().toString().toStdString();
    std::string second = m_second->currentData().toString().toStdString();
    if (first == second) // keep two different attributes: swap with the previous first
        second = v.withoutPFirst.empty() || v.withoutPFirst == first ? v.withoutPSecond : v.withoutPFirst;
    // a new attribute starts at its last category
    v.withoutPFirstPresent = first == v.withoutPFirst ? m_firstPresent->currentData().toString().toStdString() : "";
    v.withoutPSecondPresent = second == v.withoutPSecond ? m_secondPresent->currentData().toString().toStdString() : "";
    v.withoutPFirst = first;
    v.withoutPSecond = second;
    v.withoutPMeasure = m_measure->currentData().toString().toStdString();
    m_state->setView(v);
    syncFromState();
}

void WithoutPView::recompute()
{
    const auto a = m_workspace->analysis();
    if (!a || a->names.size() < 2 || m_first->currentIndex() < 0 || m_second->currentIndex() < 0)
        return;
    WithoutPRequest r;
    r.first = m_first->currentData().toString().toStdString();
    r.second = m_second->currentData().toString().toStdString();
    r.firstPresent = m_firstPresent->currentData().toString().toStdString();
    r.secondPresent = m_secondPresent->currentData().toString().toStdString();
    r.measure = measureByKey(m_measure->currentData().toString().toStdString()).value_or(Measure::Cosine);
    const std::vector<double> p = m_workspace->effectiveP();
    const int fa = a->axisOf(r.first), sa = a->axisOf(r.second);
    if (fa < 0 || sa < 0 || static_cast<std::size_t>(std::max(fa, sa)) >= p.size())
        return;
    r.pFirst = p[static_cast<std::size_t>(fa)];
    r.pSecond = p[static_cast<std::size_t>(sa)];
    if (m_firstMatrix && m_matrixFirst == r.first)
        r.firstMatrix = m_firstMatrix;
    if (m_secondMatrix && m_matrixSecond == r.second)
        r.secondMatrix = m_secondMatrix;
    try {
        // A 41 x 41 grid of 2 x 2 measures and one marginal of the joint table: well under a
        // millisecond on the analysed tables, so it runs here rather than in a worker.
        m_frame = std::make_shared<const WithoutPFrame>(computeWithoutP(*a, r));
    } catch (const InputError& e) {
        m_frame.reset();
        m_status->setText(tr("Cannot compute: %1").arg(errorText(e)));
        return;
    }
    m_chart->setData(m_frame);
    showTable();
}

void WithoutPView::showTable()
{
    const WithoutPFrame& f = *m_frame;
    const VerticalReport& r = f.report;
    std::vector<const VerticalVerdict*> rows;
    for (const auto& v : r.binary)
        rows.push_back(&v);
    for (const auto& v : r.fullTable)
        rows.push_back(&v);
    m_table->setRowCount(static_cast<int>(rows.size()));
    int safe = 0;
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const VerticalVerdict& v = *rows[static_cast<std::size_t>(i)];
        safe += v.guarantee.guaranteed ? 1 : 0;
        showRow(i, v, r);
    }
    if (f.firstDistortion.rfind("Warner", 0) != 0 || f.secondDistortion.rfind("Warner", 0) != 0)
        m_table->setToolTip(tr("Verdicts with %1 for %2 and %3 for %4 (the map stays on Warner's p)")
                                .arg(QString::fromStdString(f.firstDistortion), QString::fromStdString(f.first),
                                     QString::fromStdString(f.secondDistortion), QString::fromStdString(f.second)));
    else
        m_table->setToolTip({});
    m_table->resizeColumnsToContents();
    for (int c = 0; c < 6; ++c) // long texts are in the tooltips
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), c == 5 ? 520 : 200));
    showStatus(f, safe, rows.size());
}

// One measure's row: its verdict, values, comparison and reason (the papers' references in the tooltips).
void WithoutPView::showRow(int i, const VerticalVerdict& v, const VerticalReport& r)
{
    const bool full = i >= static_cast<int>(r.binary.size());
    const QString label =
        coreText(v.label) + (full ? tr(", %1\u00D7%2").arg(r.d1).arg(r.d2) : QString());
    const QString compared =
        v.originalCompared.defined && v.randomizedCompared.defined
            ? formText(v.guarantee.form) + (v.randomizedAbove ? tr(": no, above") : tr(": yes"))
            : tr("undefined");
    const QString verdict = v.guarantee.guaranteed ? tr("\u2714 safe") : tr("\u2718 no guarantee");
    const QStringList cells{label,
                            verdict,
                            shown(v.original),
                            shown(v.randomized),
                            compared,
                            withoutCitations(QString::fromStdString(v.guarantee.reason))};
    // The tooltips keep the papers' references: the result that makes a measure safe, the full reason.
    const QStringList tips{cells[0], v.guarantee.guaranteed ? tr("Safe by %1").arg(qs(v.guarantee.result)) : cells[1],
                           cells[2], cells[3], cells[4], QString::fromStdString(v.guarantee.reason)};
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if (c == 1)
            item->setForeground(v.guarantee.guaranteed ? QColor(0, 110, 60) : QColor(170, 30, 30));
        if (c == 2 || c == 3)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(tips[c]);
        m_table->setItem(i, c, item);
    }
}

// The status line: the pair, N, the distortions and pooled p, how many measures are safe, the map's verdict.
void WithoutPView::showStatus(const WithoutPFrame& f, int safe, std::size_t measures)
{
    const VerticalReport& r = f.report;
    const MeasureSurface& s = f.surface;
    m_status->setText(tr("%1 (present %2) \u00D7 %3 (present %4), N = %5, with %6 / %7 (pooled p0, p1: %8, %9 / %10, "
                         "%11%12). %13 of %14 measures are safe to use on the randomized table without p. Map: %15.")
                          .arg(QString::fromStdString(f.first), QString::fromStdString(f.firstPresent),
                               QString::fromStdString(f.second), QString::fromStdString(f.secondPresent))
                          .arg(r.n, 0, 'f', 0)
                          .arg(QString::fromStdString(f.firstDistortion), QString::fromStdString(f.secondDistortion))
                          .arg(r.first.p0, 0, 'f', 3)
                          .arg(r.first.p1, 0, 'f', 3)
                          .arg(r.second.p0, 0, 'f', 3)
                          .arg(r.second.p1, 0, 'f', 3)
                          .arg(r.resultFiveApplies ? tr("; all in [0.5, 1], so Result 5 applies")
                                                   : tr("; not all in [0.5, 1], so Result 5 does not apply"))
                          .arg(safe)
                          .arg(measures)
                          .arg(s.aboveOriginal > 0
                                   ? tr("rises above the original at %1 of %2 grid points (by up to %3)")
                                         .arg(s.aboveOriginal)
                                         .arg(s.values.size())
                                         .arg(s.largestExcess, 0, 'g', 3)
                                   : tr("never above the original on the %1-point grid").arg(s.values.size())));
}

QString WithoutPView::examplesHtml()
{
    QString html = tr("<p>Without p an analyst can still bound chi-square, G\u00B2, M, \u03C4, U, |\u03C6|, |D| and "
                      "|PS| (003 Result 4; Result 8 for many categories) and, when every p lies in [0.5, 1], "
                      "|F|, |AV|, |\u03BA| and the distance of the odds ratio, interest, conviction and collective "
                      "strength from 1 (Result 5). Orders a data miner relies on do not survive; each example below "
                      "is computed from its COIL 2000 table and distortion:</p>");
    for (const FlipExample& e : unknownPExamples()) {
        html += QString("<h4>%1: %2</h4><p>%3</p><table border=1 cellspacing=0 cellpadding=3>"
                        "<tr><th>%4</th><th>%5</th><th>%6</th></tr>")
                    .arg(QString::fromStdString(e.result), QString::fromStdString(e.title),
                         QString::fromStdString(e.data).toHtmlEscaped(), tr("quantity"), tr("original"),
                         tr("randomized (expected)"));
        for (const ExampleValue& v : e.values)
            html += QString("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
                        .arg(QString::fromStdString(v.name).toHtmlEscaped())
                        .arg(v.original, 0, 'f', 4)
                        .arg(v.randomized, 0, 'f', 4);
        html += QString("</table><p><i>%1</i>%2</p>")
                    .arg(QString::fromStdString(e.sentence).toHtmlEscaped(),
                         e.flipped ? QString() : tr(" (the order does not reverse here)"));
    }
    return html;
}

void WithoutPView::setMatrices(std::optional<DistortionSpec> rows, std::optional<DistortionSpec> columns)
{
    m_firstMatrix = std::move(rows);
    m_secondMatrix = std::move(columns);
    m_matrixFirst = m_first->currentData().toString().toStdString();
    m_matrixSecond = m_second->currentData().toString().toStdString();
    recompute();
}

void WithoutPView::editMatrix(int which)
{
    const auto a = m_workspace->analysis();
    if (!a)
        return;
    const std::string name = (which == 0 ? m_first : m_second)->currentData().toString().toStdString();
    const int axis = a->axisOf(name);
    if (axis < 0)
        return;
    const std::vector<double> p = m_workspace->effectiveP();
    try {
        MatrixEditor editor(name, a->categories[static_cast<std::size_t>(axis)], a->joint.marginal({axis}).counts(),
                            static_cast<std::size_t>(axis) < p.size() ? p[static_cast<std::size_t>(axis)] : 1.0, this);
        if (editor.exec() != QDialog::Accepted || !editor.spec())
            return;
        if (which == 0)
            setMatrices(editor.spec(), m_matrixSecond == m_second->currentData().toString().toStdString()
                                           ? m_secondMatrix
                                           : std::nullopt);
        else
            setMatrices(m_matrixFirst == m_first->currentData().toString().toStdString() ? m_firstMatrix : std::nullopt,
                        editor.spec());
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Distortion matrix"), errorText(e));
    }
}

void WithoutPView::showHelp()
{
    auto* box = new QMessageBox(QMessageBox::Information, tr("Without p: what does not survive"), examplesHtml(),
                                QMessageBox::Close, this);
    box->setObjectName("withoutPHelp");
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace rr::ui
