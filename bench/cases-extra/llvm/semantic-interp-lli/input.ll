; ModuleID = 'interp.c'
source_filename = "interp.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [8 x i8] c"run %d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr noundef readnone captures(none) %1) local_unnamed_addr #0 !func_sanitize !9 {
  %3 = alloca [32 x i32], align 16
  %4 = alloca [24 x i32], align 16
  %5 = alloca [33 x i32], align 16
  %6 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %0, i32 9), !nosanitize !10
  %7 = extractvalue { i32, i1 } %6, 0, !nosanitize !10
  %8 = extractvalue { i32, i1 } %6, 1, !nosanitize !10
  br i1 %8, label %9, label %10, !prof !11, !nosanitize !10

9:                                                ; preds = %2
  tail call void @llvm.ubsantrap(i8 0) #5, !nosanitize !10
  unreachable, !nosanitize !10

10:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #6
  store i32 0, ptr %4, align 16, !tbaa !5
  %11 = getelementptr inbounds nuw i8, ptr %4, i64 4
  store i32 0, ptr %11, align 4, !tbaa !5
  %12 = getelementptr inbounds nuw i8, ptr %4, i64 8
  store i32 0, ptr %12, align 8, !tbaa !5
  %13 = getelementptr inbounds nuw i8, ptr %4, i64 12
  store i32 %7, ptr %13, align 4, !tbaa !5
  %14 = getelementptr inbounds nuw i8, ptr %4, i64 16
  store i32 4, ptr %14, align 16, !tbaa !5
  %15 = getelementptr inbounds nuw i8, ptr %4, i64 20
  store i32 6, ptr %15, align 4, !tbaa !5
  %16 = getelementptr inbounds nuw i8, ptr %4, i64 24
  store i32 9, ptr %16, align 8, !tbaa !5
  %17 = getelementptr inbounds nuw i8, ptr %4, i64 28
  store i32 7, ptr %17, align 4, !tbaa !5
  %18 = getelementptr inbounds nuw i8, ptr %4, i64 32
  store i32 21, ptr %18, align 16, !tbaa !5
  %19 = getelementptr inbounds nuw i8, ptr %4, i64 36
  store i32 4, ptr %19, align 4, !tbaa !5
  %20 = getelementptr inbounds nuw i8, ptr %4, i64 40
  store i32 4, ptr %20, align 8, !tbaa !5
  %21 = getelementptr inbounds nuw i8, ptr %4, i64 44
  store i32 3, ptr %21, align 4, !tbaa !5
  %22 = getelementptr inbounds nuw i8, ptr %4, i64 48
  store i32 5, ptr %22, align 16, !tbaa !5
  %23 = getelementptr inbounds nuw i8, ptr %4, i64 52
  store i32 0, ptr %23, align 4, !tbaa !5
  %24 = getelementptr inbounds nuw i8, ptr %4, i64 56
  store i32 0, ptr %24, align 8, !tbaa !5
  %25 = getelementptr inbounds nuw i8, ptr %4, i64 60
  store i32 1, ptr %25, align 4, !tbaa !5
  %26 = getelementptr inbounds nuw i8, ptr %4, i64 64
  store i32 5, ptr %26, align 16, !tbaa !5
  %27 = getelementptr inbounds nuw i8, ptr %4, i64 68
  store i32 0, ptr %27, align 4, !tbaa !5
  %28 = getelementptr inbounds nuw i8, ptr %4, i64 72
  store i32 1, ptr %28, align 8, !tbaa !5
  %29 = getelementptr inbounds nuw i8, ptr %4, i64 76
  store i32 7, ptr %29, align 4, !tbaa !5
  %30 = getelementptr inbounds nuw i8, ptr %4, i64 80
  store i32 23, ptr %30, align 16, !tbaa !5
  %31 = getelementptr inbounds nuw i8, ptr %4, i64 84
  store i32 8, ptr %31, align 4, !tbaa !5
  %32 = getelementptr inbounds nuw i8, ptr %4, i64 88
  store i32 9, ptr %32, align 8, !tbaa !5
  %33 = getelementptr inbounds nuw i8, ptr %4, i64 92
  store i32 0, ptr %33, align 4, !tbaa !5
  %34 = icmp ugt ptr %4, inttoptr (i64 -77 to ptr)
  br i1 %34, label %35, label %36, !prof !11, !nosanitize !10

35:                                               ; preds = %36, %10
  call void @llvm.ubsantrap(i8 19) #5, !nosanitize !10
  unreachable, !nosanitize !10

36:                                               ; preds = %10
  store i32 7, ptr %29, align 4, !tbaa !5
  %37 = icmp ugt ptr %4, inttoptr (i64 -81 to ptr)
  br i1 %37, label %35, label %38, !prof !11, !nosanitize !10

38:                                               ; preds = %36
  store i32 4, ptr %30, align 16, !tbaa !5
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #6
  store i32 0, ptr %5, align 16, !tbaa !5
  %39 = getelementptr inbounds nuw i8, ptr %5, i64 4
  store i32 0, ptr %39, align 4, !tbaa !5
  %40 = getelementptr inbounds nuw i8, ptr %5, i64 8
  store i32 0, ptr %40, align 8, !tbaa !5
  %41 = getelementptr inbounds nuw i8, ptr %5, i64 12
  store i32 %7, ptr %41, align 4, !tbaa !5
  %42 = getelementptr inbounds nuw i8, ptr %5, i64 16
  store i32 4, ptr %42, align 16, !tbaa !5
  %43 = getelementptr inbounds nuw i8, ptr %5, i64 20
  store i32 6, ptr %43, align 4, !tbaa !5
  %44 = getelementptr inbounds nuw i8, ptr %5, i64 24
  store i32 9, ptr %44, align 8, !tbaa !5
  %45 = getelementptr inbounds nuw i8, ptr %5, i64 28
  store i32 7, ptr %45, align 4, !tbaa !5
  %46 = getelementptr inbounds nuw i8, ptr %5, i64 32
  store i32 22, ptr %46, align 16, !tbaa !5
  %47 = getelementptr inbounds nuw i8, ptr %5, i64 36
  store i32 4, ptr %47, align 4, !tbaa !5
  %48 = getelementptr inbounds nuw i8, ptr %5, i64 40
  store i32 4, ptr %48, align 8, !tbaa !5
  %49 = getelementptr inbounds nuw i8, ptr %5, i64 44
  store i32 3, ptr %49, align 4, !tbaa !5
  %50 = getelementptr inbounds nuw i8, ptr %5, i64 48
  store i32 5, ptr %50, align 16, !tbaa !5
  %51 = getelementptr inbounds nuw i8, ptr %5, i64 52
  store i32 0, ptr %51, align 4, !tbaa !5
  %52 = getelementptr inbounds nuw i8, ptr %5, i64 56
  store i32 1, ptr %52, align 8, !tbaa !5
  %53 = getelementptr inbounds nuw i8, ptr %5, i64 60
  store i32 2, ptr %53, align 4, !tbaa !5
  %54 = getelementptr inbounds nuw i8, ptr %5, i64 64
  store i32 5, ptr %54, align 16, !tbaa !5
  %55 = getelementptr inbounds nuw i8, ptr %5, i64 68
  store i32 0, ptr %55, align 4, !tbaa !5
  %56 = getelementptr inbounds nuw i8, ptr %5, i64 72
  store i32 0, ptr %56, align 8, !tbaa !5
  %57 = getelementptr inbounds nuw i8, ptr %5, i64 76
  store i32 1, ptr %57, align 4, !tbaa !5
  %58 = getelementptr inbounds nuw i8, ptr %5, i64 80
  store i32 7, ptr %58, align 16, !tbaa !5
  %59 = getelementptr inbounds nuw i8, ptr %5, i64 84
  store i32 26, ptr %59, align 4, !tbaa !5
  %60 = getelementptr inbounds nuw i8, ptr %5, i64 88
  store i32 5, ptr %60, align 8, !tbaa !5
  %61 = getelementptr inbounds nuw i8, ptr %5, i64 92
  store i32 8, ptr %61, align 4, !tbaa !5
  %62 = getelementptr inbounds nuw i8, ptr %5, i64 96
  store i32 9, ptr %62, align 16, !tbaa !5
  %63 = getelementptr inbounds nuw i8, ptr %5, i64 100
  store i32 0, ptr %63, align 4, !tbaa !5
  %64 = getelementptr inbounds nuw i8, ptr %5, i64 104
  store i32 5, ptr %64, align 8, !tbaa !5
  %65 = getelementptr inbounds nuw i8, ptr %5, i64 108
  store i32 10, ptr %65, align 4, !tbaa !5
  %66 = getelementptr inbounds nuw i8, ptr %5, i64 112
  store i32 2, ptr %66, align 16, !tbaa !5
  %67 = getelementptr inbounds nuw i8, ptr %5, i64 116
  store i32 2, ptr %67, align 4, !tbaa !5
  %68 = getelementptr inbounds nuw i8, ptr %5, i64 120
  store i32 5, ptr %68, align 8, !tbaa !5
  %69 = getelementptr inbounds nuw i8, ptr %5, i64 124
  store i32 7, ptr %69, align 4, !tbaa !5
  %70 = getelementptr inbounds nuw i8, ptr %5, i64 128
  store i32 4, ptr %70, align 16, !tbaa !5
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #6
  %71 = ptrtoint ptr %5 to i64
  %72 = ptrtoint ptr %3 to i64
  %73 = xor i64 %72, -1
  br label %74

74:                                               ; preds = %340, %38
  %75 = phi i32 [ 0, %38 ], [ %341, %340 ]
  %76 = phi i32 [ 0, %38 ], [ %80, %340 ]
  %77 = phi i32 [ 0, %38 ], [ %342, %340 ]
  %78 = phi i32 [ 0, %38 ], [ %343, %340 ]
  %79 = phi i32 [ undef, %38 ], [ %344, %340 ]
  %80 = add nuw nsw i32 %76, 1
  %81 = icmp eq i32 %76, 2000
  br i1 %81, label %346, label %83

82:                                               ; preds = %332, %301, %149, %113, %100, %83
  call void @llvm.ubsantrap(i8 0) #5, !nosanitize !10
  unreachable, !nosanitize !10

83:                                               ; preds = %74
  %84 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %75, i32 1), !nosanitize !10
  %85 = extractvalue { i32, i1 } %84, 0, !nosanitize !10
  %86 = extractvalue { i32, i1 } %84, 1, !nosanitize !10
  br i1 %86, label %82, label %87, !prof !11, !nosanitize !10

87:                                               ; preds = %83
  %88 = sext i32 %75 to i64
  %89 = shl nsw i64 %88, 2
  %90 = add i64 %89, %71, !nosanitize !10
  %91 = icmp ne i64 %90, 0, !nosanitize !10
  %92 = icmp uge i64 %90, %71, !nosanitize !10
  %93 = icmp slt i32 %75, 0
  %94 = xor i1 %93, %92
  %95 = and i1 %91, %94, !nosanitize !10
  br i1 %95, label %97, label %96, !prof !12, !nosanitize !10

96:                                               ; preds = %328, %306, %289, %281, %268, %256, %243, %235, %222, %214, %196, %187, %170, %161, %144, %135, %122, %104, %87
  call void @llvm.ubsantrap(i8 19) #5, !nosanitize !10
  unreachable, !nosanitize !10

97:                                               ; preds = %87
  %98 = getelementptr inbounds i32, ptr %5, i64 %88
  %99 = load i32, ptr %98, align 4, !tbaa !5
  switch i32 %99, label %339 [
    i32 0, label %100
    i32 1, label %128
    i32 2, label %155
    i32 3, label %181
    i32 4, label %208
    i32 10, label %229
    i32 5, label %250
    i32 6, label %275
    i32 7, label %306
    i32 8, label %318
    i32 9, label %340
  ]

100:                                              ; preds = %97
  %101 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %85, i32 1), !nosanitize !10
  %102 = extractvalue { i32, i1 } %101, 0, !nosanitize !10
  %103 = extractvalue { i32, i1 } %101, 1, !nosanitize !10
  br i1 %103, label %82, label %104, !prof !11, !nosanitize !10

104:                                              ; preds = %100
  %105 = sext i32 %85 to i64
  %106 = shl nsw i64 %105, 2
  %107 = add i64 %106, %71, !nosanitize !10
  %108 = icmp ne i64 %107, 0, !nosanitize !10
  %109 = icmp uge i64 %107, %71, !nosanitize !10
  %110 = icmp slt i32 %85, 0
  %111 = xor i1 %110, %109
  %112 = and i1 %108, %111, !nosanitize !10
  br i1 %112, label %113, label %96, !prof !12, !nosanitize !10

113:                                              ; preds = %104
  %114 = getelementptr inbounds i32, ptr %5, i64 %105
  %115 = load i32, ptr %114, align 4, !tbaa !5
  %116 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 1), !nosanitize !10
  %117 = extractvalue { i32, i1 } %116, 0, !nosanitize !10
  %118 = extractvalue { i32, i1 } %116, 1, !nosanitize !10
  br i1 %118, label %82, label %119, !prof !11, !nosanitize !10

119:                                              ; preds = %113
  %120 = icmp ult i32 %78, 32
  br i1 %120, label %122, label %121, !prof !12, !nosanitize !10

121:                                              ; preds = %325, %279, %265, %253, %239, %232, %218, %211, %191, %185, %165, %159, %139, %133, %119
  call void @llvm.ubsantrap(i8 18) #5, !nosanitize !10
  unreachable, !nosanitize !10

122:                                              ; preds = %119
  %123 = zext nneg i32 %78 to i64
  %124 = shl nuw nsw i64 %123, 2
  %125 = icmp ugt i64 %124, %73
  br i1 %125, label %96, label %126, !prof !11, !nosanitize !10

126:                                              ; preds = %122
  %127 = getelementptr inbounds nuw i32, ptr %3, i64 %123
  store i32 %115, ptr %127, align 4, !tbaa !5
  br label %340

128:                                              ; preds = %97
  %129 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -1)
  %130 = extractvalue { i32, i1 } %129, 0, !nosanitize !10
  %131 = extractvalue { i32, i1 } %129, 1, !nosanitize !10
  br i1 %131, label %132, label %133, !prof !11, !nosanitize !10

132:                                              ; preds = %322, %275, %261, %250, %229, %208, %181, %175, %155, %128
  call void @llvm.ubsantrap(i8 21) #5, !nosanitize !10
  unreachable, !nosanitize !10

133:                                              ; preds = %128
  %134 = icmp ult i32 %130, 32
  br i1 %134, label %135, label %121, !prof !12, !nosanitize !10

135:                                              ; preds = %133
  %136 = zext nneg i32 %130 to i64
  %137 = shl nuw nsw i64 %136, 2
  %138 = icmp ugt i64 %137, %73
  br i1 %138, label %96, label %139, !prof !11, !nosanitize !10

139:                                              ; preds = %135
  %140 = getelementptr inbounds nuw i32, ptr %3, i64 %136
  %141 = load i32, ptr %140, align 4, !tbaa !5
  %142 = add nsw i32 %130, -1
  %143 = icmp ult i32 %142, 32
  br i1 %143, label %144, label %121, !prof !12, !nosanitize !10

144:                                              ; preds = %139
  %145 = zext nneg i32 %142 to i64
  %146 = getelementptr inbounds nuw i32, ptr %3, i64 %145
  %147 = shl nuw nsw i64 %145, 2
  %148 = icmp ugt i64 %147, %73
  br i1 %148, label %96, label %149, !prof !11, !nosanitize !10

149:                                              ; preds = %144
  %150 = load i32, ptr %146, align 4, !tbaa !5
  %151 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %150, i32 %141), !nosanitize !10
  %152 = extractvalue { i32, i1 } %151, 1, !nosanitize !10
  br i1 %152, label %82, label %153, !prof !11, !nosanitize !10

153:                                              ; preds = %149
  %154 = extractvalue { i32, i1 } %151, 0, !nosanitize !10
  store i32 %154, ptr %146, align 4, !tbaa !5
  br label %340

155:                                              ; preds = %97
  %156 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -1)
  %157 = extractvalue { i32, i1 } %156, 0, !nosanitize !10
  %158 = extractvalue { i32, i1 } %156, 1, !nosanitize !10
  br i1 %158, label %132, label %159, !prof !11, !nosanitize !10

159:                                              ; preds = %155
  %160 = icmp ult i32 %157, 32
  br i1 %160, label %161, label %121, !prof !12, !nosanitize !10

161:                                              ; preds = %159
  %162 = zext nneg i32 %157 to i64
  %163 = shl nuw nsw i64 %162, 2
  %164 = icmp ugt i64 %163, %73
  br i1 %164, label %96, label %165, !prof !11, !nosanitize !10

165:                                              ; preds = %161
  %166 = getelementptr inbounds nuw i32, ptr %3, i64 %162
  %167 = load i32, ptr %166, align 4, !tbaa !5
  %168 = add nsw i32 %157, -1
  %169 = icmp ult i32 %168, 32
  br i1 %169, label %170, label %121, !prof !12, !nosanitize !10

170:                                              ; preds = %165
  %171 = zext nneg i32 %168 to i64
  %172 = getelementptr inbounds nuw i32, ptr %3, i64 %171
  %173 = shl nuw nsw i64 %171, 2
  %174 = icmp ugt i64 %173, %73
  br i1 %174, label %96, label %175, !prof !11, !nosanitize !10

175:                                              ; preds = %170
  %176 = load i32, ptr %172, align 4, !tbaa !5
  %177 = call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %176, i32 %167), !nosanitize !10
  %178 = extractvalue { i32, i1 } %177, 1, !nosanitize !10
  br i1 %178, label %132, label %179, !prof !11, !nosanitize !10

179:                                              ; preds = %175
  %180 = extractvalue { i32, i1 } %177, 0, !nosanitize !10
  store i32 %180, ptr %172, align 4, !tbaa !5
  br label %340

181:                                              ; preds = %97
  %182 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -1)
  %183 = extractvalue { i32, i1 } %182, 0, !nosanitize !10
  %184 = extractvalue { i32, i1 } %182, 1, !nosanitize !10
  br i1 %184, label %132, label %185, !prof !11, !nosanitize !10

185:                                              ; preds = %181
  %186 = icmp ult i32 %183, 32
  br i1 %186, label %187, label %121, !prof !12, !nosanitize !10

187:                                              ; preds = %185
  %188 = zext nneg i32 %183 to i64
  %189 = shl nuw nsw i64 %188, 2
  %190 = icmp ugt i64 %189, %73
  br i1 %190, label %96, label %191, !prof !11, !nosanitize !10

191:                                              ; preds = %187
  %192 = getelementptr inbounds nuw i32, ptr %3, i64 %188
  %193 = load i32, ptr %192, align 4, !tbaa !5
  %194 = add nsw i32 %183, -1
  %195 = icmp ult i32 %194, 32
  br i1 %195, label %196, label %121, !prof !12, !nosanitize !10

196:                                              ; preds = %191
  %197 = zext nneg i32 %194 to i64
  %198 = getelementptr inbounds nuw i32, ptr %3, i64 %197
  %199 = shl nuw nsw i64 %197, 2
  %200 = icmp ugt i64 %199, %73
  br i1 %200, label %96, label %201, !prof !11, !nosanitize !10

201:                                              ; preds = %196
  %202 = load i32, ptr %198, align 4, !tbaa !5
  %203 = call { i32, i1 } @llvm.smul.with.overflow.i32(i32 %202, i32 %193), !nosanitize !10
  %204 = extractvalue { i32, i1 } %203, 1, !nosanitize !10
  br i1 %204, label %205, label %206, !prof !11, !nosanitize !10

205:                                              ; preds = %318, %201
  call void @llvm.ubsantrap(i8 12) #5, !nosanitize !10
  unreachable, !nosanitize !10

206:                                              ; preds = %201
  %207 = extractvalue { i32, i1 } %203, 0, !nosanitize !10
  store i32 %207, ptr %198, align 4, !tbaa !5
  br label %340

208:                                              ; preds = %97
  %209 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -1)
  %210 = extractvalue { i32, i1 } %209, 1, !nosanitize !10
  br i1 %210, label %132, label %211, !prof !11, !nosanitize !10

211:                                              ; preds = %208
  %212 = extractvalue { i32, i1 } %209, 0, !nosanitize !10
  %213 = icmp ult i32 %212, 32
  br i1 %213, label %214, label %121, !prof !12, !nosanitize !10

214:                                              ; preds = %211
  %215 = zext nneg i32 %212 to i64
  %216 = shl nuw nsw i64 %215, 2
  %217 = icmp ugt i64 %216, %73
  br i1 %217, label %96, label %218, !prof !11, !nosanitize !10

218:                                              ; preds = %214
  %219 = getelementptr inbounds nuw i32, ptr %3, i64 %215
  %220 = load i32, ptr %219, align 4, !tbaa !5
  %221 = icmp ult i32 %78, 32
  br i1 %221, label %222, label %121, !prof !12, !nosanitize !10

222:                                              ; preds = %218
  %223 = zext nneg i32 %78 to i64
  %224 = shl nuw nsw i64 %223, 2
  %225 = icmp ugt i64 %224, %73
  br i1 %225, label %96, label %226, !prof !11, !nosanitize !10

226:                                              ; preds = %222
  %227 = getelementptr inbounds nuw i32, ptr %3, i64 %223
  store i32 %220, ptr %227, align 4, !tbaa !5
  %228 = add nuw nsw i32 %78, 1
  br label %340

229:                                              ; preds = %97
  %230 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -2)
  %231 = extractvalue { i32, i1 } %230, 1, !nosanitize !10
  br i1 %231, label %132, label %232, !prof !11, !nosanitize !10

232:                                              ; preds = %229
  %233 = extractvalue { i32, i1 } %230, 0, !nosanitize !10
  %234 = icmp ult i32 %233, 32
  br i1 %234, label %235, label %121, !prof !12, !nosanitize !10

235:                                              ; preds = %232
  %236 = zext nneg i32 %233 to i64
  %237 = shl nuw nsw i64 %236, 2
  %238 = icmp ugt i64 %237, %73
  br i1 %238, label %96, label %239, !prof !11, !nosanitize !10

239:                                              ; preds = %235
  %240 = getelementptr inbounds nuw i32, ptr %3, i64 %236
  %241 = load i32, ptr %240, align 4, !tbaa !5
  %242 = icmp ult i32 %78, 32
  br i1 %242, label %243, label %121, !prof !12, !nosanitize !10

243:                                              ; preds = %239
  %244 = zext nneg i32 %78 to i64
  %245 = shl nuw nsw i64 %244, 2
  %246 = icmp ugt i64 %245, %73
  br i1 %246, label %96, label %247, !prof !11, !nosanitize !10

247:                                              ; preds = %243
  %248 = getelementptr inbounds nuw i32, ptr %3, i64 %244
  store i32 %241, ptr %248, align 4, !tbaa !5
  %249 = add nuw nsw i32 %78, 1
  br label %340

250:                                              ; preds = %97
  %251 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -1)
  %252 = extractvalue { i32, i1 } %251, 1, !nosanitize !10
  br i1 %252, label %132, label %253, !prof !11, !nosanitize !10

253:                                              ; preds = %250
  %254 = extractvalue { i32, i1 } %251, 0, !nosanitize !10
  %255 = icmp ult i32 %254, 32
  br i1 %255, label %256, label %121, !prof !12, !nosanitize !10

256:                                              ; preds = %253
  %257 = zext nneg i32 %254 to i64
  %258 = getelementptr inbounds nuw i32, ptr %3, i64 %257
  %259 = shl nuw nsw i64 %257, 2
  %260 = icmp ugt i64 %259, %73
  br i1 %260, label %96, label %261, !prof !11, !nosanitize !10

261:                                              ; preds = %256
  %262 = load i32, ptr %258, align 4, !tbaa !5
  %263 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -2)
  %264 = extractvalue { i32, i1 } %263, 1, !nosanitize !10
  br i1 %264, label %132, label %265, !prof !11, !nosanitize !10

265:                                              ; preds = %261
  %266 = extractvalue { i32, i1 } %263, 0, !nosanitize !10
  %267 = icmp ult i32 %266, 32
  br i1 %267, label %268, label %121, !prof !12, !nosanitize !10

268:                                              ; preds = %265
  %269 = zext nneg i32 %266 to i64
  %270 = shl nuw nsw i64 %269, 2
  %271 = icmp ugt i64 %270, %73
  br i1 %271, label %96, label %272, !prof !11, !nosanitize !10

272:                                              ; preds = %268
  %273 = getelementptr inbounds nuw i32, ptr %3, i64 %269
  %274 = load i32, ptr %273, align 4, !tbaa !5
  store i32 %274, ptr %258, align 4, !tbaa !5
  store i32 %262, ptr %273, align 4, !tbaa !5
  br label %340

275:                                              ; preds = %97
  %276 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -1)
  %277 = extractvalue { i32, i1 } %276, 0, !nosanitize !10
  %278 = extractvalue { i32, i1 } %276, 1, !nosanitize !10
  br i1 %278, label %132, label %279, !prof !11, !nosanitize !10

279:                                              ; preds = %275
  %280 = icmp ult i32 %277, 32
  br i1 %280, label %281, label %121, !prof !12, !nosanitize !10

281:                                              ; preds = %279
  %282 = zext nneg i32 %277 to i64
  %283 = shl nuw nsw i64 %282, 2
  %284 = icmp ugt i64 %283, %73
  br i1 %284, label %96, label %285, !prof !11, !nosanitize !10

285:                                              ; preds = %281
  %286 = getelementptr inbounds nuw i32, ptr %3, i64 %282
  %287 = load i32, ptr %286, align 4, !tbaa !5
  %288 = icmp eq i32 %287, 0
  br i1 %288, label %301, label %289

289:                                              ; preds = %285
  %290 = sext i32 %85 to i64
  %291 = shl nsw i64 %290, 2
  %292 = add i64 %291, %71, !nosanitize !10
  %293 = icmp ne i64 %292, 0, !nosanitize !10
  %294 = icmp uge i64 %292, %71, !nosanitize !10
  %295 = icmp slt i32 %85, 0
  %296 = xor i1 %295, %294
  %297 = and i1 %293, %296, !nosanitize !10
  br i1 %297, label %298, label %96, !prof !12, !nosanitize !10

298:                                              ; preds = %289
  %299 = getelementptr inbounds i32, ptr %5, i64 %290
  %300 = load i32, ptr %299, align 4, !tbaa !5
  br label %340

301:                                              ; preds = %285
  %302 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %85, i32 1), !nosanitize !10
  %303 = extractvalue { i32, i1 } %302, 1, !nosanitize !10
  br i1 %303, label %82, label %304, !prof !11, !nosanitize !10

304:                                              ; preds = %301
  %305 = extractvalue { i32, i1 } %302, 0, !nosanitize !10
  br label %340

306:                                              ; preds = %97
  %307 = sext i32 %85 to i64
  %308 = shl nsw i64 %307, 2
  %309 = add i64 %308, %71, !nosanitize !10
  %310 = icmp ne i64 %309, 0, !nosanitize !10
  %311 = icmp uge i64 %309, %71, !nosanitize !10
  %312 = icmp slt i32 %85, 0
  %313 = xor i1 %312, %311
  %314 = and i1 %310, %313, !nosanitize !10
  br i1 %314, label %315, label %96, !prof !12, !nosanitize !10

315:                                              ; preds = %306
  %316 = getelementptr inbounds i32, ptr %5, i64 %307
  %317 = load i32, ptr %316, align 4, !tbaa !5
  br label %340

318:                                              ; preds = %97
  %319 = call { i32, i1 } @llvm.smul.with.overflow.i32(i32 %77, i32 7), !nosanitize !10
  %320 = extractvalue { i32, i1 } %319, 0, !nosanitize !10
  %321 = extractvalue { i32, i1 } %319, 1, !nosanitize !10
  br i1 %321, label %205, label %322, !prof !11, !nosanitize !10

322:                                              ; preds = %318
  %323 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %78, i32 -1)
  %324 = extractvalue { i32, i1 } %323, 1, !nosanitize !10
  br i1 %324, label %132, label %325, !prof !11, !nosanitize !10

325:                                              ; preds = %322
  %326 = extractvalue { i32, i1 } %323, 0, !nosanitize !10
  %327 = icmp ult i32 %326, 32
  br i1 %327, label %328, label %121, !prof !12, !nosanitize !10

328:                                              ; preds = %325
  %329 = zext nneg i32 %326 to i64
  %330 = shl nuw nsw i64 %329, 2
  %331 = icmp ugt i64 %330, %73
  br i1 %331, label %96, label %332, !prof !11, !nosanitize !10

332:                                              ; preds = %328
  %333 = getelementptr inbounds nuw i32, ptr %3, i64 %329
  %334 = load i32, ptr %333, align 4, !tbaa !5
  %335 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %320, i32 %334), !nosanitize !10
  %336 = extractvalue { i32, i1 } %335, 1, !nosanitize !10
  br i1 %336, label %82, label %337, !prof !11, !nosanitize !10

337:                                              ; preds = %332
  %338 = extractvalue { i32, i1 } %335, 0, !nosanitize !10
  br label %340

339:                                              ; preds = %97
  br label %340

340:                                              ; preds = %339, %337, %315, %304, %298, %272, %247, %226, %206, %179, %153, %126, %97
  %341 = phi i32 [ %85, %97 ], [ %102, %126 ], [ %85, %153 ], [ %85, %179 ], [ %85, %206 ], [ %85, %226 ], [ %85, %247 ], [ %85, %272 ], [ %300, %298 ], [ %305, %304 ], [ %317, %315 ], [ %85, %337 ], [ %85, %339 ]
  %342 = phi i32 [ %77, %97 ], [ %77, %126 ], [ %77, %153 ], [ %77, %179 ], [ %77, %206 ], [ %77, %226 ], [ %77, %247 ], [ %77, %272 ], [ %77, %298 ], [ %77, %304 ], [ %77, %315 ], [ %338, %337 ], [ %77, %339 ]
  %343 = phi i32 [ %78, %97 ], [ %117, %126 ], [ %130, %153 ], [ %157, %179 ], [ %183, %206 ], [ %228, %226 ], [ %249, %247 ], [ %78, %272 ], [ %277, %298 ], [ %277, %304 ], [ %78, %315 ], [ %78, %337 ], [ %78, %339 ]
  %344 = phi i32 [ %77, %97 ], [ %79, %126 ], [ %79, %153 ], [ %79, %179 ], [ %79, %206 ], [ %79, %226 ], [ %79, %247 ], [ %79, %272 ], [ %79, %298 ], [ %79, %304 ], [ %79, %315 ], [ %79, %337 ], [ %79, %339 ]
  %345 = phi i1 [ false, %97 ], [ true, %126 ], [ true, %153 ], [ true, %179 ], [ true, %206 ], [ true, %226 ], [ true, %247 ], [ true, %272 ], [ true, %298 ], [ true, %304 ], [ true, %315 ], [ true, %337 ], [ true, %339 ]
  br i1 %345, label %74, label %346, !llvm.loop !13

346:                                              ; preds = %74, %340
  %347 = phi i32 [ %344, %340 ], [ -1, %74 ]
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #6
  %348 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %347)
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #6
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #6
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32) #2

; Function Attrs: cold noreturn nounwind memory(inaccessiblemem: write)
declare void @llvm.ubsantrap(i8 immarg) #3

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.ssub.with.overflow.i32(i32, i32) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.smul.with.overflow.i32(i32, i32) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #4 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { noreturn nounwind }
attributes #6 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{i32 -1056584962, i32 -1359287618}
!10 = !{}
!11 = !{!"branch_weights", i32 1, i32 1048575}
!12 = !{!"branch_weights", i32 1048575, i32 1}
!13 = distinct !{!13, !14, !15}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!"llvm.loop.unroll.disable"}
