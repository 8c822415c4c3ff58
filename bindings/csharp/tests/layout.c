/* Prints the sizes and field offsets of the C structs that the C# binding
 * mirrors, as "name value" lines. The test program compares them with the
 * binding's own layout (--layout FILE), so a header change that moves a
 * field cannot go unnoticed. */
#include <stddef.h>
#include <stdio.h>

#include "shogi.h"

#define P(name, value) printf("%s %lu\n", name, (unsigned long)(value))
#define OFF(type, field, name) P(name, offsetof(type, field))

int main(void) {
    P("ErrorSize", sizeof(shogi_error_t));
    OFF(shogi_error_t, message, "ErrorMessage");

    P("OptionsSize", sizeof(shogi_engine_options_t));
    OFF(shogi_engine_options_t, threads, "Options.Threads");
    OFF(shogi_engine_options_t, hash_mb, "Options.HashMB");
    OFF(shogi_engine_options_t, multipv, "Options.MultiPV");
    OFF(shogi_engine_options_t, entering_king_rule, "Options.EnteringKingRule");
    OFF(shogi_engine_options_t, max_moves_to_draw, "Options.MaxMovesToDraw");
    OFF(shogi_engine_options_t, fv_scale, "Options.FVScale");
    OFF(shogi_engine_options_t, resign_value, "Options.ResignValue");
    OFF(shogi_engine_options_t, network_delay_ms, "Options.NetworkDelayMs");

    P("LimitsSize", sizeof(shogi_search_limits_t));
    OFF(shogi_search_limits_t, depth, "Limits.Depth");
    OFF(shogi_search_limits_t, infinite, "Limits.Infinite");
    OFF(shogi_search_limits_t, ponder, "Limits.Ponder");
    OFF(shogi_search_limits_t, reserved, "Limits.Reserved");
    OFF(shogi_search_limits_t, nodes, "Limits.Nodes");
    OFF(shogi_search_limits_t, movetime_ms, "Limits.MoveTimeMs");
    OFF(shogi_search_limits_t, time_ms[0], "Limits.TimeBlackMs");
    OFF(shogi_search_limits_t, time_ms[1], "Limits.TimeWhiteMs");
    OFF(shogi_search_limits_t, inc_ms[0], "Limits.IncBlackMs");
    OFF(shogi_search_limits_t, inc_ms[1], "Limits.IncWhiteMs");
    OFF(shogi_search_limits_t, byoyomi_ms[0], "Limits.ByoyomiBlackMs");
    OFF(shogi_search_limits_t, byoyomi_ms[1], "Limits.ByoyomiWhiteMs");

    P("InfoSize", sizeof(shogi_search_info_t));
    OFF(shogi_search_info_t, depth, "InfoDepth");
    OFF(shogi_search_info_t, seldepth, "InfoSelDepth");
    OFF(shogi_search_info_t, multipv, "InfoMultiPV");
    OFF(shogi_search_info_t, score_kind, "InfoScoreKind");
    OFF(shogi_search_info_t, score, "InfoScore");
    OFF(shogi_search_info_t, value, "InfoValue");
    OFF(shogi_search_info_t, bound, "InfoBound");
    OFF(shogi_search_info_t, hashfull, "InfoHashfull");
    OFF(shogi_search_info_t, nodes, "InfoNodes");
    OFF(shogi_search_info_t, nps, "InfoNps");
    OFF(shogi_search_info_t, time_ms, "InfoTimeMs");
    OFF(shogi_search_info_t, pv_length, "InfoPvLength");
    OFF(shogi_search_info_t, pv, "InfoPv");

    P("LineSize", sizeof(shogi_search_line_t));
    OFF(shogi_search_line_t, score_kind, "LineScoreKind");
    OFF(shogi_search_line_t, score, "LineScore");
    OFF(shogi_search_line_t, value, "LineValue");
    OFF(shogi_search_line_t, depth, "LineDepth");
    OFF(shogi_search_line_t, seldepth, "LineSelDepth");
    OFF(shogi_search_line_t, pv_length, "LinePvLength");
    OFF(shogi_search_line_t, pv, "LinePv");

    P("ResultSize", sizeof(shogi_search_result_t));
    OFF(shogi_search_result_t, best_move, "ResultBestMove");
    OFF(shogi_search_result_t, ponder_move, "ResultPonderMove");
    OFF(shogi_search_result_t, score_kind, "ResultScoreKind");
    OFF(shogi_search_result_t, score, "ResultScore");
    OFF(shogi_search_result_t, value, "ResultValue");
    OFF(shogi_search_result_t, depth, "ResultDepth");
    OFF(shogi_search_result_t, seldepth, "ResultSelDepth");
    OFF(shogi_search_result_t, line_count, "ResultLineCount");
    OFF(shogi_search_result_t, nodes, "ResultNodes");
    OFF(shogi_search_result_t, time_ms, "ResultTimeMs");
    OFF(shogi_search_result_t, pv_length, "ResultPvLength");
    OFF(shogi_search_result_t, pv, "ResultPv");
    OFF(shogi_search_result_t, lines, "ResultLines");

    P("Progress.Size", sizeof(shogi_search_progress_t));
    OFF(shogi_search_progress_t, depth, "Progress.Depth");
    OFF(shogi_search_progress_t, seldepth, "Progress.SelDepth");
    OFF(shogi_search_progress_t, multipv, "Progress.MultiPV");
    OFF(shogi_search_progress_t, hashfull, "Progress.Hashfull");
    OFF(shogi_search_progress_t, currmove, "Progress.CurrMove");
    OFF(shogi_search_progress_t, currmove_number, "Progress.CurrMoveNumber");
    OFF(shogi_search_progress_t, nodes, "Progress.Nodes");
    OFF(shogi_search_progress_t, nps, "Progress.Nps");
    OFF(shogi_search_progress_t, time_ms, "Progress.TimeMs");
    P("Progress.IntervalMs", SHOGI_PROGRESS_INTERVAL_MS);

    P("RecordNodeSize", sizeof(shogi_record_node_t));
    OFF(shogi_record_node_t, move, "RecordNode.Move");
    OFF(shogi_record_node_t, child_count, "RecordNode.ChildCount");
    OFF(shogi_record_node_t, has_time, "RecordNode.HasTime");
    OFF(shogi_record_node_t, has_score, "RecordNode.HasScore");
    OFF(shogi_record_node_t, time_ms, "RecordNode.TimeMs");
    OFF(shogi_record_node_t, score, "RecordNode.Score");
    OFF(shogi_record_node_t, reserved, "RecordNode.Reserved");

    P("MaxPv", SHOGI_MAX_PV);
    P("MaxMultiPV", SHOGI_MAX_MULTIPV);
    P("MessageSize", SHOGI_ERROR_MESSAGE_SIZE);
    P("PsvSize", SHOGI_PSV_SIZE);
    P("HcpeSize", SHOGI_HCPE_SIZE);
    P("MaxActive", SHOGI_NNUE_MAX_ACTIVE);
    return 0;
}
